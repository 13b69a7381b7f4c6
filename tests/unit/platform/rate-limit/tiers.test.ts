import { describe, expect, it } from 'vitest';
import { planTiers, resolveLimits } from '@/lib/platform/rate-limit';

describe('resolveLimits', () => {
  it('returns the published limits of each tier', () => {
    expect(resolveLimits('FREE')).toEqual({ perMinute: 60, perDay: 10_000 });
    expect(resolveLimits('PRO_SMALL')).toEqual({ perMinute: 300, perDay: 50_000 });
    expect(resolveLimits('PRO_STANDARD')).toEqual({ perMinute: 1_000, perDay: 200_000 });
    expect(resolveLimits('PRO_PLUS')).toEqual({ perMinute: 3_000, perDay: 1_000_000 });
  });

  it('lists every tier in ascending order', () => {
    expect(planTiers).toEqual(['FREE', 'PRO_SMALL', 'PRO_STANDARD', 'PRO_PLUS', 'ENTERPRISE']);
  });

  it('uses the custom limits of an Enterprise organisation', () => {
    expect(resolveLimits('ENTERPRISE', { perMinute: 12_000, perDay: 5_000_000 })).toEqual({
      perMinute: 12_000,
      perDay: 5_000_000,
    });
  });

  it('falls back to Pro Plus for an Enterprise organisation without custom limits', () => {
    expect(resolveLimits('ENTERPRISE')).toEqual({ perMinute: 3_000, perDay: 1_000_000 });
    expect(resolveLimits('ENTERPRISE', null)).toEqual({ perMinute: 3_000, perDay: 1_000_000 });
  });

  it('ignores custom limits on non-Enterprise tiers', () => {
    expect(resolveLimits('FREE', { perMinute: 9_999, perDay: 9_999_999 })).toEqual({ perMinute: 60, perDay: 10_000 });
  });

  it('scales limits by the multiplier', () => {
    expect(resolveLimits('FREE', null, 10)).toEqual({ perMinute: 600, perDay: 100_000 });
    expect(resolveLimits('ENTERPRISE', { perMinute: 100, perDay: 1_000 }, 2.5)).toEqual({ perMinute: 250, perDay: 2_500 });
    expect(resolveLimits('FREE', null, 0.001)).toEqual({ perMinute: 1, perDay: 10 });
  });

  it('rejects a multiplier that is not a positive number', () => {
    expect(() => resolveLimits('FREE', null, 0)).toThrow(RangeError);
    expect(() => resolveLimits('FREE', null, -1)).toThrow(RangeError);
    expect(() => resolveLimits('FREE', null, Number.NaN)).toThrow(RangeError);
  });
});
