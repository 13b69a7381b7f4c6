import type { Decision, DecisionRule } from './types';

/** What the control API can change at run time. */
export type SimulatorSettings = {
  /** Every /api/v1 call answers 503. */
  outage: boolean;
  /** Added before every /api/v1 answer. */
  latencyMs: number;
  /** Share of /api/v1 calls that answer 500 (seeded, so repeatable). */
  failureRate: number;
  /** Share of webhooks never sent (seeded). */
  webhookDropRate: number;
  /** Calls per second per API key before 429; null for no limit. */
  rateLimitPerSecond: number | null;
  decisions: {
    /** The decision when no rule matches; hold leaves the submission until control.decide(). */
    default: Decision;
    rules: DecisionRule[];
    /** How long after submission the registry decides. */
    delayMs: number;
  };
};

export function defaultSettings(): SimulatorSettings {
  return { outage: false, latencyMs: 0, failureRate: 0, webhookDropRate: 0, rateLimitPerSecond: null, decisions: { default: 'accept', rules: [], delayMs: 0 } };
}
