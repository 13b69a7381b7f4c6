import { randomUUID } from 'node:crypto';
import type { Duty } from '@/lib/platform/auth/duties';
import type { Role } from '@/lib/platform/auth/roles';

export type TenantOrganisation = {
  id: string;
  slug: string;
  name: string;
  planTier: 'FREE' | 'PRO_SMALL' | 'PRO_STANDARD' | 'PRO_PLUS' | 'ENTERPRISE';
  customRateLimits: { perMinute: number; perDay: number } | null;
  customDomain: string | null;
};

export type ActingUser = { id: string; personId: string; role: Role; duties: Duty[] };

/** Who acts, for which tenant: passed explicitly to every lib/ function (STYLE.md rule 4). */
export type RequestContext = {
  organisationId: string;
  organisation: TenantOrganisation;
  user: ActingUser;
  requestId: string;
  /** The request's clock: one instant for every date decision of the request. */
  now: Date;
  /** Runs after the request's transaction commits (never on rollback): event dispatch, cache busting. */
  afterCommit: (fn: () => void) => void;
  /**
   * Told whenever the answer reveals a sensitive record (recordSensitiveReads). Set by the Idempotency-Key layer,
   * which must not keep such an answer (lib/transport/http/idempotency.ts).
   */
  onSensitiveRead?: () => void;
};

/** A job's context: the system acts, for one tenant at a time; audit entries name no user. */
export type SystemContext = { organisationId: string; requestId: string; now: Date; user: null };

type UserContextInput = { organisation: TenantOrganisation; user: ActingUser; requestId?: string; now?: Date };
type SystemContextInput = { organisationId: string; user: null; requestId?: string; now?: Date };

/**
 * The one way to build a context, for the API, the portal and jobs. A user context collects afterCommit
 * callbacks; the caller runs them with runAfterCommit() once its transaction has committed.
 */
export function createContext(input: UserContextInput): { ctx: RequestContext; runAfterCommit: () => void };
export function createContext(input: SystemContextInput): { ctx: SystemContext; runAfterCommit: () => void };
export function createContext(input: UserContextInput | SystemContextInput): { ctx: RequestContext | SystemContext; runAfterCommit: () => void } {
  const requestId = input.requestId ?? randomUUID();
  const now = input.now ?? new Date();
  const callbacks: (() => void)[] = [];
  const runAfterCommit = () => {
    for (const callback of callbacks.splice(0)) callback();
  };
  if (input.user === null) return { ctx: { organisationId: input.organisationId, requestId, now, user: null }, runAfterCommit };
  const ctx: RequestContext = {
    organisationId: input.organisation.id,
    organisation: input.organisation,
    user: input.user,
    requestId,
    now,
    afterCommit: (callback) => callbacks.push(callback),
  };
  return { ctx, runAfterCommit };
}
