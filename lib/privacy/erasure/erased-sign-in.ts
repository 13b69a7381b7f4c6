import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema';
import { ForbiddenError } from '@/lib/platform/core/errors';
import { erasedSignInKey } from './pseudonym';

/** Why a person was erased: their own request, or the retention job three years after deactivation (spec 001). */
export type ErasureReason = 'erasure_request' | 'retention';

// The marker an erased account keeps instead of its IdP subject. Only this module reads or writes it.
const PREFIX = 'erased:';
const markerKinds: Record<ErasureReason, string> = { erasure_request: 'request', retention: 'retention' };

export const isErasedMarker = (idpSubject: string) => idpSubject.startsWith(PREFIX);

/** What a closed account stores as its IdP subject: the reason and the keyed hash of the subject it had. */
export function erasedSignInMarker(secret: string, organisationId: string, idpSubject: string, reason: ErasureReason): string {
  return `${PREFIX}${markerKinds[reason]}:${erasedSignInKey(secret, organisationId, idpSubject)}`;
}

/** The reason an account's stored subject names, or null for an account that was never erased this way. */
export function erasureReasonOf(idpSubject: string): ErasureReason | null {
  if (!isErasedMarker(idpSubject)) return null;
  const kind = idpSubject.slice(PREFIX.length).split(':', 1)[0];
  return kind === markerKinds.retention ? 'retention' : kind === markerKinds.erasure_request ? 'erasure_request' : null;
}

export const ACCOUNT_ERASED_REASONS: Record<ErasureReason, string> = { erasure_request: 'account_erased', retention: 'account_closed' };

/** The 403 an erased identity gets, from the API and (as a page) from the portal's sign-in. */
export function accountErased(reason: ErasureReason): ForbiddenError {
  return new ForbiddenError(
    reason === 'retention'
      ? 'This account was closed and its personal data erased after the retention period; it can no longer sign in. Ask an administrator of the organisation for a new account.'
      : "This account was erased at the person's request and can no longer sign in. Contact the organisation's administrators or its data protection contact.",
    { reason: ACCOUNT_ERASED_REASONS[reason] },
  );
}

/**
 * Refuses a sign-in identity whose account was erased in this tenant (docs/privacy/erasure.md, "Erasure requests"): without it,
 * the first sign-in after an erasure would provision a fresh account for the same person. Called only for an
 * identity that has no account, so it costs nothing on the usual path. Without a pseudonym secret no erasure can
 * have run, and nothing is refused.
 */
export async function refuseErasedSignIn(tx: Executor, organisationId: string, idpSubject: string, secret: string | null): Promise<void> {
  if (!secret) return;
  const markers = (Object.keys(markerKinds) as ErasureReason[]).map((reason) => erasedSignInMarker(secret, organisationId, idpSubject, reason));
  const [erased] = await tx
    .select({ idpSubject: users.idpSubject })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), inArray(users.idpSubject, markers)))
    .limit(1);
  if (erased) throw accountErased(erasureReasonOf(erased.idpSubject) ?? 'erasure_request');
}
