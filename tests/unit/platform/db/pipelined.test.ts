import { describe, expect, it } from 'vitest';
import { pipelined } from '@/lib/platform/db/pipelined';

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const failAfter = (ms: number, error: Error) => new Promise<never>((_, reject) => setTimeout(() => reject(error), ms));

describe('pipelined', () => {
  it('answers every value in order, like Promise.all', async () => {
    await expect(pipelined([after(5, 'a'), after(1, 2), Promise.resolve(null)])).resolves.toEqual(['a', 2, null]);
  });

  it('throws the earliest statement’s error even when a later one rejects first', async () => {
    const cause = Object.assign(new Error('conflicting key value violates exclusion constraint'), { code: '23P01' });
    const aborted = Object.assign(new Error('current transaction is aborted'), { code: '25P02' });
    await expect(pipelined([after(1, 'scope'), failAfter(20, cause), failAfter(1, aborted), failAfter(2, aborted)])).rejects.toBe(cause);
  });

  it('waits for every statement before it throws', async () => {
    let settled = false;
    const slow = after(20, 'done').then((value) => ((settled = true), value));
    await expect(pipelined([failAfter(1, new Error('first')), slow])).rejects.toThrow('first');
    expect(settled).toBe(true);
  });
});
