'use server';

import { z } from 'zod';
import { getConfig } from '@/lib/platform/config';
import { acceptRegistryValues, dismissMismatch } from '@/lib/registry/backfill/mismatches';
import { requestBackfill } from '@/lib/registry/backfill/request-backfill';
import { resolveSyncConflict } from '@/lib/registry/conflicts/resolve-sync-conflict';
import { getRegistryAdapter } from '@/lib/registry/adapter/get-registry-adapter';
import { formAction } from '../portal-action';

const errors = {
  REGISTRY_SYNC_OFF: 'No registry is configured (phase 0), so there is nothing to backfill from.',
  REGISTRY_UNAVAILABLE: 'The sports registry could not be reached. Try again in a moment.',
  REGISTRY_MISMATCH_RESOLVED: 'Someone already decided this mismatch.',
};

export const startBackfillAction = formAction(
  { role: 'ADMIN', input: z.object({}), fields: () => ({}), revalidate: ['/admin/registry'], errors },
  async ({ tx, ctx }) => {
    const outcome = await requestBackfill(tx, ctx, getRegistryAdapter() !== null && Boolean(getConfig().REGISTRY_URL));
    const message = {
      started: 'Backfill started. Progress and results appear below in a moment.',
      resumed: 'Backfill resumed where it stopped.',
      in_progress: 'The backfill is already running.',
    }[outcome];
    return { message };
  },
);

const MismatchInput = z.object({ id: z.uuid() });

export const acceptMismatchAction = formAction(
  { role: 'ADMIN', input: MismatchInput, fields: (form) => ({ id: String(form.get('id') ?? '') }), revalidate: ['/admin/registry'], errors },
  async ({ tx, ctx, input }) => {
    const { mismatch } = await acceptRegistryValues(tx, ctx, { id: input.id, registry: getRegistryAdapter() });
    return { message: `${mismatch.personName} now has the registry's values and is linked to the registry.` };
  },
);

export const dismissMismatchAction = formAction(
  { role: 'ADMIN', input: MismatchInput, fields: (form) => ({ id: String(form.get('id') ?? '') }), revalidate: ['/admin/registry'], errors },
  async ({ tx, ctx, input }) => {
    const mismatch = await dismissMismatch(tx, ctx, input);
    return { message: `${mismatch.personName} keeps the local values and stays local-only.` };
  },
);

const conflictErrors = {
  REGISTRY_CONFLICT_RESOLVED: 'Someone already resolved this conflict.',
  REGISTRY_CONFLICT_NOT_FOUND: 'This conflict no longer exists.',
  CONFLICT_VALUE_HIDDEN: 'The local national identifier is never kept with a conflict: the person proposes it again from their profile.',
  REGISTRY_SYNC_OFF: 'No sports registry is configured, so there is nowhere to propose the value.',
};

export const resolveConflictAction = formAction(
  { role: 'ADMIN', input: MismatchInput, fields: (form) => ({ id: String(form.get('id') ?? '') }), revalidate: ['/admin/registry/conflicts', '/admin/registry/persons'], errors: conflictErrors },
  async ({ tx, ctx, input }) => {
    const { conflict, syncStatus } = await resolveSyncConflict(tx, ctx, { id: input.id, body: { resolution: 'registry_value' } });
    return { message: `${conflict.personName} keeps the registry's value${syncStatus === 'synced' ? ' and is in sync again' : '; other fields are still in conflict'}.` };
  },
);

export const reproposeConflictAction = formAction(
  { role: 'ADMIN', input: MismatchInput, fields: (form) => ({ id: String(form.get('id') ?? '') }), revalidate: ['/admin/registry/conflicts', '/admin/registry/persons', '/admin/proposals'], errors: conflictErrors },
  async ({ tx, ctx, input }) => {
    const { conflict } = await resolveSyncConflict(tx, ctx, { id: input.id, body: { resolution: 'local_value_reproposed' } });
    return { message: `The local value of ${conflict.personName} is proposed to the registry again; the registry's decision shows under Proposals.` };
  },
);
