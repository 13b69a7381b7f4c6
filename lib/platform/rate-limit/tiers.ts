export const planTiers = ['FREE', 'PRO_SMALL', 'PRO_STANDARD', 'PRO_PLUS', 'ENTERPRISE'] as const;

export type PlanTier = (typeof planTiers)[number];

export type RateLimits = { perMinute: number; perDay: number };

const tierLimits: Record<Exclude<PlanTier, 'ENTERPRISE'>, RateLimits> = {
  FREE: { perMinute: 60, perDay: 10_000 },
  PRO_SMALL: { perMinute: 300, perDay: 50_000 },
  PRO_STANDARD: { perMinute: 1_000, perDay: 200_000 },
  PRO_PLUS: { perMinute: 3_000, perDay: 1_000_000 },
};

// Custom limits are an Enterprise contract term; on any other tier they are ignored.
// An Enterprise organisation without a contract yet gets the largest published tier.
export function resolveLimits(tier: PlanTier, customLimits?: RateLimits | null, multiplier = 1): RateLimits {
  if (!Number.isFinite(multiplier) || multiplier <= 0) {
    throw new RangeError(`Rate limit multiplier must be a positive number, got ${multiplier}`);
  }
  const base = tier === 'ENTERPRISE' ? (customLimits ?? tierLimits.PRO_PLUS) : tierLimits[tier];
  return { perMinute: scaleLimit(base.perMinute, multiplier), perDay: scaleLimit(base.perDay, multiplier) };
}

function scaleLimit(limit: number, multiplier: number): number {
  return Math.max(1, Math.floor(limit * multiplier));
}
