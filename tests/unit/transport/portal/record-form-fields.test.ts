import { describe, expect, it } from 'vitest';
import { amountField, currencyField, optionalDay, requiredDay } from '@/lib/transport/portal/actions/record-form-fields';

describe('the record forms read what people type', () => {
  it('takes an amount with a decimal point or comma, and refuses anything else in words', () => {
    expect(amountField.parse('12,50')).toBe('12.50');
    expect(amountField.parse(' 150 ')).toBe('150');
    for (const wrong of ['', '1.234,50', '0', '12.345', '-5', 'ten']) {
      const result = amountField.safeParse(wrong);
      expect(result.success).toBe(false);
      expect(result.error?.issues).toHaveLength(1);
      expect(result.error?.issues[0]?.message).toBe('Give the amount in figures, such as 50 or 12.50: more than 0, with at most two decimals.');
    }
  });

  it('stores a day as the start of that day in UTC, and names a missing one', () => {
    expect(requiredDay('the day of the gift').parse('2026-11-02')).toBe('2026-11-02T00:00:00.000Z');
    expect(requiredDay('the day of the gift').safeParse('').error?.issues[0]?.message).toBe('Give the day of the gift.');
    expect(requiredDay('the day of the gift').safeParse('2026-02-30').error?.issues[0]?.message).toBe('2026-02-30 does not exist: February 2026 has 28 days.');
    expect(optionalDay().parse('')).toBeNull();
    expect(optionalDay().parse('2026-11-27')).toBe('2026-11-27T00:00:00.000Z');
  });

  it('takes a currency code in any case', () => {
    expect(currencyField.parse('eur')).toBe('EUR');
    expect(currencyField.safeParse('euro').success).toBe(false);
  });
});
