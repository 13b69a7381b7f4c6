import { encode } from 'next-auth/jwt';

// Auth.js names its cookie by scheme; the test servers speak plain http.
const SESSION_COOKIE = 'authjs.session-token';

/**
 * A portal session cookie, sealed with the server's AUTH_SECRET exactly as a sign-in seals it, for tests
 * that need a signed-in browser without driving the identity provider's pages.
 */
export async function sessionCookie(secret: string, user: { id: string; organisationId: string }): Promise<string> {
  const token = { sub: user.id, userId: user.id, organisationId: user.organisationId };
  return `${SESSION_COOKIE}=${await encode({ token, secret, salt: SESSION_COOKIE, maxAge: 60 * 60 })}`;
}
