import { makeRandomChanges } from './random-changes';
import type { RegistryState } from './registry-state';
import { resetStore } from './registry-store';
import { defaultSettings, type SimulatorSettings } from './settings';
import type { CodelistName, OrganizationChanges, PersonChanges } from './types';
import type { WebhookSender, WebhookTarget } from './webhook-sender';

export type RequestRecord = { at: string; method: string; path: string; status: number };

type ControlDeps = {
  state: RegistryState;
  webhooks: WebhookSender;
  settings: SimulatorSettings;
  initialTarget: WebhookTarget | undefined;
  random: () => number;
  requests: RequestRecord[];
  clearExports: () => void;
};

const fraction = (value: number, name: string) => {
  if (!(value >= 0 && value <= 1)) throw new RangeError(`${name} must lie between 0 and 1.`);
  return value;
};

/** The test and demo handle on the simulator; the HTTP control API calls the same functions. */
export function createControl(deps: ControlDeps) {
  const { state, webhooks, settings } = deps;
  return {
    settings: (): SimulatorSettings => structuredClone(settings),
    setOutage(on: boolean) {
      settings.outage = on;
    },
    setLatency(ms: number) {
      settings.latencyMs = Math.max(0, ms);
    },
    setFailureRate(rate: number) {
      settings.failureRate = fraction(rate, 'failureRate');
    },
    setWebhookDropRate(rate: number) {
      settings.webhookDropRate = fraction(rate, 'webhookDropRate');
    },
    setRateLimit(perSecond: number | null) {
      settings.rateLimitPerSecond = perSecond;
    },
    setDecisions(decisions: Partial<SimulatorSettings['decisions']>) {
      Object.assign(settings.decisions, structuredClone(decisions));
    },
    /** Decides a held submission (or one not yet decided); applying it emits its webhook. */
    decide: (submissionId: string, decision: 'accept' | 'reject', reason?: string) => state.proposals.decide(submissionId, decision, reason ?? null),
    submissions: () => state.proposals.list(),
    /** A change made at the registry itself (by its own staff), with its webhook. */
    updatePerson: (personId: string, changes: PersonChanges) => state.changePerson(personId, changes),
    updateOrganization: (organizationId: string, changes: OrganizationChanges) => state.changeOrganization(organizationId, changes),
    /** Adds a value, or relabels/(de)activates one; emits value_added, value_modified or value_deactivated. */
    changeCodelist: (name: CodelistName, value: { code: string; label?: string; active?: boolean }) => state.changeCodelist(name, value),
    randomChanges: (n: number) => makeRandomChanges(state, deps.random, n),
    setWebhook(target: WebhookTarget | null) {
      webhooks.setTarget(target ?? undefined);
    },
    deliveries: () => webhooks.deliveries(),
    requests: (): RequestRecord[] => structuredClone(deps.requests),
    /** Waits until every scheduled decision is made and every webhook is delivered or given up. */
    async settle(): Promise<void> {
      await state.proposals.idle();
      await webhooks.idle();
      await state.proposals.idle();
    },
    /** Back to the seed: data, settings, submissions, deliveries, request log and export snapshots. */
    reset() {
      resetStore(state.store);
      Object.assign(settings, defaultSettings());
      state.proposals.clear();
      webhooks.clear();
      webhooks.setTarget(deps.initialTarget);
      deps.requests.length = 0;
      deps.clearExports();
    },
  };
}

export type RegistryControl = ReturnType<typeof createControl>;
