/** Called once SIGTERM arrived, with the milliseconds left before the process exits regardless. */
export type DrainHook = (deadlineMs: number) => Promise<void>;
type Lifecycle = { draining: boolean; hooks: DrainHook[] };

// scripts/start-server.mjs owns the signals and the HTTP server; it reads and sets this object under the same
// key, outside any bundle, so every Next.js bundle of the process and the launcher share one.
const lifecycle = ((globalThis as Record<symbol, Lifecycle>)[Symbol.for('quartermaster.lifecycle')] ??= { draining: false, hooks: [] });

/** True from SIGTERM on: readiness answers 503 so the balancer sends nothing new. */
export function isDraining(): boolean {
  return lifecycle.draining;
}

/** Work to finish before exit (a job's current run); the launcher awaits every hook, up to its deadline. */
export function onDrain(hook: DrainHook): void {
  lifecycle.hooks.push(hook);
}
