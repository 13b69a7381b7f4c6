import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { outbox, personChangeRequests } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { GoneError, NotFoundError } from '@/lib/platform/core/errors';
import { enqueueEmail } from '@/lib/platform/notifications/enqueue-email';
import { approveProposal, type ProposalContext } from './approve-proposal';
import { proposalColumns, proposalWhere } from './proposal-store';

/** How long the confirmation link of a new official e-mail stays valid. */
export const EMAIL_CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const outboxKey = (proposalId: string, tokenHash: string) => `official-email-confirmation:${proposalId}:${tokenHash.slice(0, 16)}`;

/**
 * The validator's first half: a fresh single-use token (only its SHA-256 is stored; the plaintext exists in the
 * outbox payload until the link is used) goes to the NEW address. A later change of the address replaces the
 * token, so the earlier link stops working.
 */
export async function sendEmailConfirmation(tx: Tx, ctx: { organisationId: string; now: Date; afterCommit?: (fn: () => void) => void }, input: { proposalId: string; to: string; name: string }) {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const expiresAt = new Date(ctx.now.getTime() + EMAIL_CONFIRMATION_TTL_MS);
  await tx
    .update(personChangeRequests)
    .set({ emailTokenHash: tokenHash, emailTokenExpiresAt: expiresAt, emailConfirmedAt: null })
    .where(proposalWhere(ctx.organisationId, input.proposalId));
  await enqueueEmail(tx, ctx, {
    template: 'official-email-confirmation',
    to: input.to,
    data: { proposalId: input.proposalId, name: input.name, token, expiresAt: expiresAt.toISOString() },
    idempotencyKey: outboxKey(input.proposalId, tokenHash),
  });
  return { tokenHash, expiresAt };
}

export type ConfirmOutcome = { proposalId: string; status: string; approved: boolean };

/**
 * The validator's second half: the link's token, once, before it lapses. Rules (docs/registry/sync-out.md):
 * the proposal must still be pending; confirming records emailConfirmedAt; a proposal that changes the official
 * e-mail and nothing else is then approved automatically (approvedVia email_confirmation); one that also changes
 * other fields stays pending for an admin, marked confirmed.
 */
export async function confirmOfficialEmail(
  tx: Tx,
  ctx: Omit<ProposalContext, 'user'> & { /** Called once the token matched a proposal, before anything changes (publicRoute's rate limit). */ admitLink: (link: string) => Promise<void> },
  input: { token: string; registrySync: boolean },
): Promise<ConfirmOutcome> {
  const tokenHash = hashToken(input.token);
  const [row] = await tx
    .select(proposalColumns)
    .from(personChangeRequests)
    .where(and(eq(personChangeRequests.organisationId, ctx.organisationId), eq(personChangeRequests.emailTokenHash, tokenHash)))
    .for('update');
  if (row) await ctx.admitLink(`email-confirmation:${row.id}`);
  if (!row || row.status !== 'pending') throw new NotFoundError('EMAIL_CONFIRMATION_INVALID', 'This confirmation link is not valid: it was used already, replaced by a newer one, or never existed.');
  const [expiry] = await tx.select({ at: personChangeRequests.emailTokenExpiresAt }).from(personChangeRequests).where(proposalWhere(ctx.organisationId, row.id));
  if (!expiry?.at || expiry.at <= ctx.now) throw new GoneError('EMAIL_CONFIRMATION_EXPIRED', 'This confirmation link has expired. Ask for the change again on your profile to get a new one.');
  const systemCtx = { ...ctx, user: null };
  await tx.update(personChangeRequests).set({ emailTokenHash: null, emailConfirmedAt: ctx.now, updatedAt: ctx.now }).where(proposalWhere(ctx.organisationId, row.id));
  // The plaintext token leaves the outbox with its use.
  await tx
    .update(outbox)
    .set({ payload: sql`jsonb_set(${outbox.payload}, '{data,token}', 'null'::jsonb)` })
    .where(and(eq(outbox.organisationId, ctx.organisationId), eq(outbox.idempotencyKey, outboxKey(row.id, tokenHash))));
  await recordAudit(tx, systemCtx, { action: 'OFFICIAL_EMAIL_CONFIRMED', targetType: 'PERSON', targetId: row.personId, metadata: { proposalId: row.id } });
  const onlyEmail = Object.keys(row.fields).length === 1 && Object.hasOwn(row.fields, 'officialEmail');
  if (!onlyEmail) return { proposalId: row.id, status: 'pending', approved: false };
  const approved = await approveProposal(tx, systemCtx, row.id, { via: 'email_confirmation', registrySync: input.registrySync });
  return { proposalId: row.id, status: approved.status, approved: true };
}
