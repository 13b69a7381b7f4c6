'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { createWebhookEndpoint } from '@/lib/platform/webhooks/create-webhook-endpoint';
import { deleteWebhookEndpoint } from '@/lib/platform/webhooks/delete-webhook-endpoint';
import { redeliverWebhook, sendTestWebhook } from '@/lib/platform/webhooks/redeliver-webhook';
import { rotateWebhookSecret } from '@/lib/platform/webhooks/rotate-webhook-secret';
import { CreateWebhookEndpointBody } from '@/lib/platform/webhooks/schemas';
import { updateWebhookEndpoint } from '@/lib/platform/webhooks/update-webhook-endpoint';
import { formAction } from '../portal-action';

const EndpointRef = z.object({ endpointId: z.uuid('Unknown endpoint.') });
const listPage = '/admin/webhooks';
const endpointPages = (input: { endpointId: string }) => [listPage, `${listPage}/${input.endpointId}`];

/** The endpoint form's fields; a blank description is none. */
function endpointFields(form: FormData) {
  const description = String(form.get('description') ?? '').trim();
  return { url: String(form.get('url') ?? ''), description: description || null, eventTypes: form.getAll('eventTypes').map(String) };
}

export const createWebhookEndpointAction = formAction(
  { role: 'ADMIN', input: CreateWebhookEndpointBody, fields: (form) => ({ ...endpointFields(form), enabled: true }), revalidate: [listPage] },
  async ({ tx, ctx, input }) => {
    const endpoint = await createWebhookEndpoint(tx, ctx, input);
    return { message: 'Endpoint added. Copy its signing secret now: it is not shown again.', secret: endpoint.secret, endpointId: endpoint.id };
  },
);

export const updateWebhookEndpointAction = formAction(
  {
    role: 'ADMIN',
    // The form sends every field, so the creation schema (with the endpoint's id) checks them all.
    input: CreateWebhookEndpointBody.extend(EndpointRef.shape),
    fields: (form) => ({ endpointId: String(form.get('endpointId') ?? ''), ...endpointFields(form), enabled: form.get('enabled') === 'on' }),
    revalidate: endpointPages,
  },
  async ({ tx, ctx, input }) => {
    const { endpointId, ...changes } = input;
    await updateWebhookEndpoint(tx, ctx, endpointId, changes);
    return { message: 'Endpoint saved.' };
  },
);

export const setWebhookEndpointEnabledAction = formAction(
  {
    role: 'ADMIN',
    input: EndpointRef.extend({ enabled: z.enum(['true', 'false']).transform((value) => value === 'true') }),
    fields: (form) => ({ endpointId: form.get('endpointId'), enabled: form.get('enabled') }),
    revalidate: endpointPages,
  },
  async ({ tx, ctx, input }) => {
    await updateWebhookEndpoint(tx, ctx, input.endpointId, { enabled: input.enabled });
    return { message: input.enabled ? 'Endpoint enabled.' : 'Endpoint disabled: it receives nothing until you enable it again.' };
  },
);

export const rotateWebhookSecretAction = formAction(
  { role: 'ADMIN', input: EndpointRef, fields: (form) => ({ endpointId: form.get('endpointId') }), revalidate: endpointPages },
  async ({ tx, ctx, input }) => {
    const endpoint = await rotateWebhookSecret(tx, ctx, input.endpointId);
    return { message: 'New signing secret. Copy it now; the old one keeps signing beside it for 24 hours.', secret: endpoint.secret };
  },
);

export const sendTestWebhookAction = formAction(
  { role: 'ADMIN', input: EndpointRef, fields: (form) => ({ endpointId: form.get('endpointId') }), revalidate: endpointPages },
  async ({ tx, ctx, input }) => {
    await sendTestWebhook(tx, ctx, input.endpointId);
    return { message: 'Test event queued; it shows in the delivery log.' };
  },
);

export const redeliverWebhookAction = formAction(
  { role: 'ADMIN', input: EndpointRef.extend({ deliveryId: z.uuid('Unknown delivery.') }), fields: (form) => ({ endpointId: form.get('endpointId'), deliveryId: form.get('deliveryId') }), revalidate: endpointPages },
  async ({ tx, ctx, input }) => {
    await redeliverWebhook(tx, ctx, input.endpointId, input.deliveryId);
    return { message: 'Queued for delivery again.' };
  },
);

export const deleteWebhookEndpointAction = formAction(
  { role: 'ADMIN', input: EndpointRef, fields: (form) => ({ endpointId: form.get('endpointId') }), revalidate: [listPage] },
  async ({ tx, ctx, input }) => {
    await deleteWebhookEndpoint(tx, ctx, input.endpointId);
    return { message: 'Endpoint deleted.' };
  },
);

/** Deleting from the endpoint's own page leads back to the list. */
export async function deleteWebhookEndpointAndReturnAction(previous: unknown, form: FormData) {
  const outcome = await deleteWebhookEndpointAction(previous, form);
  if (outcome.ok) redirect(listPage);
  return outcome;
}
