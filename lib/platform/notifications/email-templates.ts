import { z } from 'zod';
import type { Branding } from '@/db/schema/organisations';
import { Role } from '@/lib/platform/auth/roles';

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
  'loan-cancelled': z.object({ loanId: z.uuid(), assetName: z.string(), startDate: isoDate, endDate: isoDate, reason: z.string(), cancelledByName: z.string() }),
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
  // To whoever decides the loan; the erased borrower is never named (lib/lending/loans/release-erased-borrower-loans.ts).
  'loan-borrower-erased': z.object({
    loanId: z.uuid(),
    assetName: z.string(),
    assetInventoryNumber: z.string(),
    startDate: isoDate,
    endDate: isoDate,
    outcome: z.enum(['cancelled', 'still_out']),
    recipientName: z.string(),
  }),
  welcome: z.object({ invitationId: z.uuid(), organisationName: z.string(), inviterName: z.string(), role: Role }),
  // token: the one-time download token in plaintext, the only copy besides the recipient's mailbox; set to
  // null once the link is used or lapsed (lib/privacy/data-export/data-export-email.ts).
  // Field names only: the values (a national identifier among them) stay out of mailboxes.
  'registry-sync-conflict': z.object({ personId: z.uuid(), personName: z.string(), registryId: z.string(), fields: z.array(z.string()).min(1) }),
  // Spec 002, sync out. Field names and the reason only, never the values asked for.
  'person-change-rejected': z.object({ proposalId: z.uuid(), fields: z.array(z.string()).min(1), reason: z.string(), decidedBy: z.enum(['admin', 'registry']) }),
  'person-registration-rejected': z.object({ proposalId: z.uuid(), personId: z.uuid(), personName: z.string(), reason: z.string() }),
  // token: the validator's one-time token in plaintext, its only copy besides the recipient's mailbox (hashed at rest).
  'official-email-confirmation': z.object({ proposalId: z.uuid(), name: z.string(), token: z.string().nullable(), expiresAt: z.iso.datetime() }),
  'data-export-ready': z.object({ dataExportId: z.uuid(), format: z.enum(['json', 'pdf']), token: z.string().nullable(), linkExpiresAt: z.iso.datetime() }),
  // Sent after the erasure, to the address captured before it; the payload is purged once delivered (lib/transport/jobs/deliver-outbox.ts).
  'data-deletion-completed': z.object({ requestId: z.uuid(), name: z.string(), scope: z.enum(['full', 'partial']), fields: z.array(z.string()), completedAt: z.iso.datetime() }),
  'data-deletion-rejected': z.object({ requestId: z.uuid(), reason: z.string(), requestedAt: z.iso.datetime() }),
  // Counts only (lib/privacy/legal-reports/legal-report-email.ts); the accessors' names stay on the admin page.
  'legal-report-ready': z.object({
    legalReportId: z.uuid(),
    periodStart: isoDate,
    periodEnd: isoDate,
    erasureFiled: z.number().int().min(0),
    erasureCompleted: z.number().int().min(0),
    erasureOpen: z.number().int().min(0),
    erasureOverdue: z.number().int().min(0),
    averageProcessingHours: z.number().min(0).nullable(),
    failedRetentionRuns: z.number().int().min(0),
    daysWithoutRetentionRun: z.number().int().min(0),
    recordsPastRetention: z.number().int().min(0).nullable(),
    sensitiveReads: z.number().int().min(0),
    sensitiveAccessors: z.number().int().min(0),
  }),
} as const;

export type EmailTemplateName = keyof typeof emailTemplateSchemas;
export type EmailTemplateData<T extends EmailTemplateName> = z.infer<(typeof emailTemplateSchemas)[T]>;

export const emailTemplateNames = Object.keys(emailTemplateSchemas) as EmailTemplateName[];

/**
 * E-mails that answer the recipient's own data-subject request (spec 001). They go out even while the person's
 * processing is restricted or e-mail is turned off: the subject asked for this very message, and without it
 * they could not get their data. Nothing else may be listed here.
 */
export const ownRequestTemplates: ReadonlySet<EmailTemplateName> = new Set<EmailTemplateName>(['data-export-ready', 'data-deletion-completed', 'data-deletion-rejected']);

/**
 * E-mails whose recipient was erased: once delivered, the outbox keeps no trace of the address or the name
 * (spec 001, "the confirmation address is purged after delivery").
 */
export const purgedAfterDeliveryTemplates: ReadonlySet<EmailTemplateName> = new Set<EmailTemplateName>(['data-deletion-completed']);

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
