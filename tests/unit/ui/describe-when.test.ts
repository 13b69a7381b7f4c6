import { describe, expect, it } from 'vitest';
import { describeWhen } from '@/components/notifications/describe-when';

const now = new Date('2026-11-28T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('describeWhen: when a notification came, in words', () => {
  it.each([
    [ago(20_000), 'just now'],
    [ago(60_000), '1 minute ago'],
    [ago(59 * 60_000), '59 minutes ago'],
    [ago(60 * 60_000), '1 hour ago'],
    [ago(23 * 3_600_000), '23 hours ago'],
    [ago(30 * 3_600_000), 'yesterday'],
    [ago(3 * 86_400_000), '3 days ago'],
    [ago(8 * 86_400_000), 'on 20 Nov 2026'],
  ])('%s reads "%s"', (at, words) => {
    expect(describeWhen(at, now)).toBe(words);
  });
});
