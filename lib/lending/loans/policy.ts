import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor, Tx } from '@/db/client';
import { organisations, persons, users } from '@/db/schema';
import { ValidationError } from '@/lib/platform/core/errors';
import type { RequestContext } from '@/lib/platform/core/context';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { personIsRegistered } from '@/lib/people/persons/person-is-registered';

export const extensionModes = ['NOT_ALLOWED', 'AUTOMATIC', 'REQUIRES_APPROVAL'] as const;

export const ApproverRule = z.strictObject({
  categoryId: z.uuid().nullable().default(null).describe('Matches assets of this category; null matches any.'),
  locationId: z.uuid().nullable().default(null).describe('Matches assets at this location; null matches any.'),
  approverUserId: z.uuid().nullable().describe('The approver; null means any ASSET_MANAGER.'),
});

export const LoanPolicy = z.object({
  requireApproval: z.boolean().describe('Requests wait for an approver; when false they are approved on filing.'),
  approverRules: z.array(ApproverRule).max(100).describe('First matching rule names the approver.'),
  defaultApproverUserId: z.uuid().nullable().describe('Approver when no rule matches; null means any ASSET_MANAGER.'),
  extensions: z.enum(extensionModes),
  maxLoanDays: z.number().int().min(1).max(3650),
  maxAdvanceBookingDays: z.number().int().min(0).max(3650),
});
export type LoanPolicy = z.infer<typeof LoanPolicy>;

export const defaultLoanPolicy: LoanPolicy = {
  requireApproval: true,
  approverRules: [],
  defaultApproverUserId: null,
  extensions: 'REQUIRES_APPROVAL',
  maxLoanDays: 30,
  maxAdvanceBookingDays: 90,
};

export const UpdateLoanPolicyBody = z
  .strictObject({
    requireApproval: z.boolean(),
    approverRules: z.array(ApproverRule).max(100),
    defaultApproverUserId: z.uuid().nullable(),
    extensions: z.enum(extensionModes),
    maxLoanDays: z.number().int().min(1).max(3650),
    maxAdvanceBookingDays: z.number().int().min(0).max(3650),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' });
export type UpdateLoanPolicyBody = z.infer<typeof UpdateLoanPolicyBody>;

/** Stored values over the defaults, so a tenant that never set a policy gets the documented defaults. */
export function parseLoanPolicy(stored: unknown): LoanPolicy {
  return LoanPolicy.parse({ ...defaultLoanPolicy, ...((stored as Partial<LoanPolicy> | null) ?? {}) });
}

export async function getLoanPolicy(tx: Executor, organisationId: string): Promise<LoanPolicy> {
  const [row] = await tx.select({ loanPolicy: organisations.loanPolicy }).from(organisations).where(eq(organisations.id, organisationId));
  return parseLoanPolicy(row?.loanPolicy);
}

/** Every named approver must be an active ASSET_MANAGER or ADMIN of this organisation, not pending registration. */
async function assertApproversValid(tx: Tx, organisationId: string, policy: LoanPolicy): Promise<void> {
  const named = [policy.defaultApproverUserId, ...policy.approverRules.map((r) => r.approverUserId)].filter((id): id is string => Boolean(id));
  if (named.length === 0) return;
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(persons, and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId)))
    .where(and(eq(users.organisationId, organisationId), inArray(users.id, named), eq(users.isActive, true), inArray(users.role, ['ASSET_MANAGER', 'ADMIN']), personIsRegistered));
  const valid = new Set(found.map((u) => u.id));
  const issues = named.filter((id) => !valid.has(id)).map(() => ({ path: 'approverUserId', code: 'not_an_approver', message: 'The chosen approver is not an active asset manager or admin (any more), or waits for the sports registry to register them. Choose another.' }));
  if (issues.length > 0) throw new ValidationError('Approvers must be active asset managers or admins of this organisation.', { location: 'body', issues });
}

export async function updateLoanPolicy(tx: Tx, ctx: RequestContext, input: UpdateLoanPolicyBody): Promise<LoanPolicy> {
  const before = await getLoanPolicy(tx, ctx.organisationId);
  const after = LoanPolicy.parse({ ...before, ...input });
  await assertApproversValid(tx, ctx.organisationId, after);
  await tx.update(organisations).set({ loanPolicy: after, updatedAt: new Date() }).where(eq(organisations.id, ctx.organisationId));
  const changes = diffChanges(before, after, Object.keys(defaultLoanPolicy) as (keyof LoanPolicy)[]);
  if (Object.keys(changes).length > 0) {
    await recordAudit(tx, ctx, { action: 'LOAN_POLICY_UPDATED', targetType: 'ORGANISATION', targetId: ctx.organisationId, changes });
  }
  return after;
}
