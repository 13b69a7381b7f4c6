import { z } from 'zod';
import type { Branding } from '@/db/schema/organisations';
import { Role } from '@/lib/auth/roles';

const isoDate = z.iso.date();

// Outbox payloads are JSON written by other code paths (and possibly older releases), so delivery parses
// them against these schemas instead of trusting the stored shape.
export const emailTemplateSchemas = {
  'loan-requested': z.object({
    loanId: z.uuid(),
    assetName: z.string(),
    assetInventoryNumber: z.string(),
    requesterName: z.string(),
    startDate: isoDate,
    endDate: isoDate,
    purpose: z.string(),
    approverName: z.string(),
  }),
  'loan-approved': z.object({ loanId: z.uuid(), assetName: z.string(), startDate: isoDate, endDate: isoDate, approverName: z.string() }),
  'loan-rejected': z.object({ loanId: z.uuid(), assetName: z.string(), startDate: isoDate, endDate: isoDate, reason: z.string() }),
  'loan-extension-requested': z.object({
    loanId: z.uuid(),
    assetName: z.string(),
    assetInventoryNumber: z.string(),
    requesterName: z.string(),
    currentEndDate: isoDate,
    requestedEndDate: isoDate,
    approverName: z.string(),
  }),
  'loan-extension-approved': z.object({ loanId: z.uuid(), assetName: z.string(), previousEndDate: isoDate, endDate: isoDate, approverName: z.string() }),
  'loan-extension-rejected': z.object({ loanId: z.uuid(), assetName: z.string(), endDate: isoDate, requestedEndDate: isoDate, reason: z.string() }),
  'loan-reminder': z.object({ loanId: z.uuid(), assetName: z.string(), endDate: isoDate, daysLeft: z.number().int().min(0) }),
  'loan-overdue': z.object({ loanId: z.uuid(), assetName: z.string(), endDate: isoDate }),
  welcome: z.object({ invitationId: z.uuid(), organisationName: z.string(), inviterName: z.string(), role: Role }),
  // token: the one-time download token in plaintext, the only copy besides the recipient's mailbox; set to
  // null once the link is used or lapsed (lib/data-export/data-export-email.ts).
  'data-export-ready': z.object({ dataExportId: z.uuid(), format: z.enum(['json', 'pdf']), token: z.string().nullable(), linkExpiresAt: z.iso.datetime() }),
} as const;

export type EmailTemplateName = keyof typeof emailTemplateSchemas;
export type EmailTemplateData<T extends EmailTemplateName> = z.infer<(typeof emailTemplateSchemas)[T]>;

export const emailTemplateNames = Object.keys(emailTemplateSchemas) as EmailTemplateName[];

/**
 * E-mails that answer the recipient's own data-subject request (spec 001). They go out even while the person's
 * processing is restricted or e-mail is turned off: the subject asked for this very message, and without it
 * they could not get their data. Nothing else may be listed here.
 */
export const ownRequestTemplates: ReadonlySet<EmailTemplateName> = new Set<EmailTemplateName>(['data-export-ready']);

export function isEmailTemplateName(value: unknown): value is EmailTemplateName {
  return typeof value === 'string' && Object.hasOwn(emailTemplateSchemas, value);
}

/** The tenant as e-mails see it, read at delivery so that branding changes apply to queued messages. */
export type EmailTenant = { name: string; slug: string; branding: Branding };

export type EmailPayload = { [T in EmailTemplateName]: { template: T; to: string; data: EmailTemplateData<T> } }[EmailTemplateName];

const recipient = z.email();

/** An outbox payload that cannot become an e-mail; retrying cannot fix it. */
export class InvalidEmailPayloadError extends Error {
  override name = 'InvalidEmailPayloadError';
}

export function parseEmailPayload(payload: unknown): EmailPayload {
  const { template, to, data } = (payload ?? {}) as Record<string, unknown>;
  if (!isEmailTemplateName(template)) throw new InvalidEmailPayloadError(`Unknown e-mail template ${JSON.stringify(template)}`);
  if (!recipient.safeParse(to).success) throw new InvalidEmailPayloadError(`Invalid recipient for ${template}`);
  const parsed = emailTemplateSchemas[template].safeParse(data);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || 'data').join(', ');
    throw new InvalidEmailPayloadError(`Invalid data for ${template}: ${fields}`);
  }
  return { template, to, data: parsed.data } as EmailPayload;
}
