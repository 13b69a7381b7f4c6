import type { Role } from '@/lib/auth/roles';

export type TenantOrganisation = {
  id: string;
  slug: string;
  name: string;
  planTier: 'FREE' | 'PRO_SMALL' | 'PRO_STANDARD' | 'PRO_PLUS' | 'ENTERPRISE';
  customRateLimits: { perMinute: number; perDay: number } | null;
  customDomain: string | null;
};

/** Who acts, for which tenant: passed explicitly to every lib/ function (STYLE.md rule 4). */
export type RequestContext = {
  organisationId: string;
  organisation: TenantOrganisation;
  user: { id: string; personId: string; role: Role };
  requestId: string;
  /** The request's clock: one instant for every date decision of the request. */
  now: Date;
  /** Runs after the request's transaction commits (never on rollback): event dispatch, cache busting. */
  afterCommit: (fn: () => void) => void;
};
