import type { Config } from '@/lib/config';

/**
 * The demo sign-in (pick a seeded user) exists only in the embedded default: DEMO_MODE with the in-process
 * database. A deployment has DATABASE_URL, so it can never offer it, whatever DEMO_MODE says.
 */
export function isDemoSignInEnabled(config: Config): boolean {
  return config.DEMO_MODE && !config.DATABASE_URL;
}
