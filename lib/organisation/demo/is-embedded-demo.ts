import type { Config } from '@/lib/platform/config';

/**
 * The embedded demo: DEMO_MODE with the in-process database. Only there do the demo sign-in (pick a seeded
 * user) and the dev mailbox exist. A deployment has DATABASE_URL, so it can never offer either, whatever
 * DEMO_MODE says.
 */
export function isEmbeddedDemo(config: Config): boolean {
  return config.DEMO_MODE && !config.DATABASE_URL;
}
