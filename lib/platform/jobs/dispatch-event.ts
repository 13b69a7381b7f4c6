type Dispatcher = (event: string) => Promise<void>;
type Holder = { dispatcher: Dispatcher | null };

// Set once at start-up by whichever job engine runs (Inngest or the in-process driver); kept on globalThis so
// every Next.js bundle of the process sees the same one, and free of imports so it can be used anywhere.
const holder = ((globalThis as Record<symbol, Holder>)[Symbol.for('quartermaster.dispatcher')] ??= { dispatcher: null });

export function setEventDispatcher(dispatcher: Dispatcher | null): void {
  holder.dispatcher = dispatcher;
}

/** Fire and forget: the outbox row is already committed, so a lost event only delays delivery to the next cron run. */
export function dispatchEvent(event: string): void {
  holder.dispatcher?.(event).catch((error: unknown) => console.error(`[quartermaster] dispatching ${event} failed`, error));
}
