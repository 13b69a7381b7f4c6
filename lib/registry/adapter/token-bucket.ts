export type TokenBucket = { take(): Promise<void> };

/**
 * A client-side limit on calls to the registry (spec 002: the platform must not flood it): `ratePerSecond`
 * tokens a second, bursts up to `burst`. Callers wait for a token in arrival order.
 */
export function createTokenBucket(options: { ratePerSecond: number; burst?: number; now?: () => number; sleep?: (ms: number) => Promise<void> }): TokenBucket {
  const rate = options.ratePerSecond;
  if (!(rate > 0)) throw new RangeError('ratePerSecond must be positive');
  const capacity = Math.max(1, options.burst ?? Math.ceil(rate));
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let tokens = capacity;
  let refilledAt = now();
  let queue: Promise<void> = Promise.resolve();

  function refill() {
    const at = now();
    tokens = Math.min(capacity, tokens + ((at - refilledAt) / 1000) * rate);
    refilledAt = at;
  }

  async function takeOne(): Promise<void> {
    for (;;) {
      refill();
      if (tokens >= 1) {
        tokens -= 1;
        return;
      }
      await sleep(Math.ceil(((1 - tokens) / rate) * 1000));
    }
  }

  return {
    take() {
      // Chained, so concurrent callers are served one after another instead of all waking at once.
      const turn = queue.then(takeOne);
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}
