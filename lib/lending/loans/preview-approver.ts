import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { findLoanAsset } from './loan-asset';
import { getLoanPolicy } from './policy';
import { findRecipient, resolveApprover } from './resolve-approver';

export type ApproverPreview = { kind: 'automatic' } | { kind: 'person'; name: string } | { kind: 'any-manager' };

/** Who will decide the caller's request for this asset, by the same rules createLoan applies. */
export async function previewApprover(tx: Tx, ctx: RequestContext, assetId: string): Promise<ApproverPreview> {
  const policy = await getLoanPolicy(tx, ctx.organisationId);
  if (!policy.requireApproval) return { kind: 'automatic' };
  const asset = await findLoanAsset(tx, ctx.organisationId, assetId);
  const approverId = await resolveApprover(tx, ctx.organisationId, policy, asset, ctx.user.id);
  const approver = approverId ? await findRecipient(tx, ctx.organisationId, approverId) : null;
  return approver ? { kind: 'person', name: approver.name } : { kind: 'any-manager' };
}
