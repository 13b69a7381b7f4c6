import type { RequestContext } from '@/lib/platform/core/context';
import { ForbiddenError } from '@/lib/platform/core/errors';
import { hasRole } from '@/lib/platform/auth/roles';
import type { LoanRow } from './loan-store';

/** Approvers decide: the designated one (or any manager when none is named); admins always; never one's own request. */
export function assertCanDecide(ctx: RequestContext, loan: LoanRow): void {
  if (!hasRole(ctx.user.role, 'ASSET_MANAGER')) throw new ForbiddenError('Only an approver can decide on a loan.', { requiredRole: 'ASSET_MANAGER' });
  if (loan.requesterId === ctx.user.id) throw new ForbiddenError('You cannot decide on your own request.', { reason: 'own_request' });
  if (loan.approverId && loan.approverId !== ctx.user.id && ctx.user.role !== 'ADMIN') {
    throw new ForbiddenError('Another approver is designated for this loan.', { reason: 'not_designated_approver', approverId: loan.approverId });
  }
}

export function assertIsRequester(ctx: RequestContext, loan: LoanRow): void {
  if (loan.requesterId !== ctx.user.id) throw new ForbiddenError('Only the requester can do this.', { reason: 'not_requester' });
}

export function assertRequesterOrManager(ctx: RequestContext, loan: LoanRow): void {
  if (loan.requesterId !== ctx.user.id && !hasRole(ctx.user.role, 'ASSET_MANAGER')) {
    throw new ForbiddenError('Only the requester or an asset manager can do this.', { requiredRole: 'ASSET_MANAGER' });
  }
}
