/**
 * Awaits statements sent together on one transaction (pipelined) like Promise.all, but when any failed, throws the
 * error of the earliest in the list. Once a statement fails, PostgreSQL aborts the transaction and every later one
 * fails with 25P02 ("current transaction is aborted"), which names no cause; the promise that rejects first in
 * time is not always the one whose statement ran first (each goes through its own chain of promise jobs), and a
 * 25P02 maps to a 500 where the cause, a constraint say, maps to its 4xx.
 */
export async function pipelined<T extends readonly unknown[] | []>(statements: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results = (await Promise.allSettled(statements)) as PromiseSettledResult<unknown>[];
  for (const result of results) if (result.status === 'rejected') throw result.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}
