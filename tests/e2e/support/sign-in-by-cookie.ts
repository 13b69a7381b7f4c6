import type { BrowserContext } from '@playwright/test';
import { sessionCookie } from '../../support/session';
import { ownerSql } from './db';
import { e2eState } from './e2e-state';

/**
 * A signed-in browser without the identity provider's pages: the session cookie a sign-in would set, sealed
 * with the server's secret, for specs that visit many pages as one person and have no business with sign-in.
 * The account must have signed in before (the demo seed's accounts have).
 */
export async function signInByCookie(context: BrowserContext, accountId: string): Promise<void> {
  const [user] = await ownerSql()`select id, organisation_id from users where idp_subject = ${accountId}`;
  if (!user) throw new Error(`No user for the account ${accountId}`);
  const cookie = await sessionCookie(e2eState().serverEnv.AUTH_SECRET!, { id: user.id as string, organisationId: user.organisation_id as string });
  const split = cookie.indexOf('=');
  await context.addCookies([
    { name: cookie.slice(0, split), value: cookie.slice(split + 1), domain: `${accountId.split('-')[0]}.localhost`, path: '/', httpOnly: true, sameSite: 'Lax' },
  ]);
}
