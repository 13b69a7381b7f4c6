import { randomUUID } from 'node:crypto';
import NextAuth, { type NextAuthConfig } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import type { Provider } from 'next-auth/providers';
import { z } from 'zod';
import { currentTenant } from '@/lib/transport/portal/current-tenant';
import { demoAccounts } from '@/db/seed/demo-accounts';
import { DomainError } from '@/lib/platform/core/errors';
import { getPseudonymSecret, getTokenVerifier } from '@/lib/transport/http/services';
import { resolveAuthSecret } from '@/lib/platform/auth/auth-secret';
import { isEmbeddedDemo } from '@/lib/organisation/demo/is-embedded-demo';
import type { AccessTokenClaims } from '@/lib/platform/auth/verify-access-token';
import { type Config, getConfig } from '@/lib/platform/config';
import { ACCOUNT_ERASED_REASONS } from '@/lib/privacy/erasure/erased-sign-in';
import { getDb } from '@/lib/platform/db/get-db';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { loadActingUser } from '@/lib/people/users/load-acting-user';
import { recordAdminSession } from '@/lib/people/users/record-admin-session';

declare module 'next-auth' {
  // Module augmentation merges declarations, which only an interface can do.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Session {
    organisationId: string;
    userId: string;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface User {
    organisationId?: string;
    claims?: AccessTokenClaims;
  }
}

const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

function oidcProvider(config: Config): Provider | null {
  if (!config.OIDC_ISSUER) return null;
  return {
    id: 'oidc',
    name: 'Single sign-on',
    type: 'oidc',
    issuer: config.OIDC_ISSUER,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    // A public client proves possession with PKCE instead of a secret.
    client: config.OIDC_CLIENT_SECRET ? undefined : { token_endpoint_auth_method: 'none' },
    checks: ['pkce', 'state', 'nonce'],
    // The access token is requested for the API's audience, so the portal verifies it exactly as the API does.
    authorization: { params: { scope: 'openid email profile', resource: config.API_AUDIENCE } },
    profile: (profile) => ({ id: String(profile.sub), name: profile.name ?? null, email: profile.email ?? null }),
  };
}

const demoCredentials = z.object({ accountId: z.string().min(1).max(255) });

function demoProvider(): Provider {
  return Credentials({
    id: 'demo',
    name: 'Demo account',
    credentials: { accountId: { label: 'Account' } },
    authorize(input) {
      const parsed = demoCredentials.safeParse(input);
      const account = parsed.success ? demoAccounts.find((a) => a.accountId === parsed.data.accountId) : undefined;
      if (!account) return null;
      const claims: AccessTokenClaims = {
        organisationId: account.organisationId,
        userId: account.accountId,
        email: account.email,
        given_name: account.givenName,
        family_name: account.familyName,
      };
      return { id: account.accountId, name: `${account.givenName} ${account.familyName}`, email: account.email, claims };
    },
  });
}

async function claimsOf(user: { claims?: AccessTokenClaims }, account: { provider: string; access_token?: string } | null): Promise<AccessTokenClaims | null> {
  if (account?.provider === 'demo') return user.claims ?? null;
  if (account?.provider === 'oidc' && account.access_token) return getTokenVerifier().verify(account.access_token);
  return null;
}

function buildConfig(): NextAuthConfig {
  const config = getConfig();
  const providers = [oidcProvider(config), isEmbeddedDemo(config) ? demoProvider() : null].filter((p) => p !== null);
  return {
    secret: resolveAuthSecret(config),
    // Every tenant is its own host; the session cookie is per host, and the proxy has already keyed the tenant.
    trustHost: true,
    providers,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/login', error: '/login' },
    events: {
      async signOut(message) {
        const token = 'token' in message ? message.token : null;
        const organisationId = typeof token?.organisationId === 'string' ? token.organisationId : null;
        const userId = typeof token?.userId === 'string' ? token.userId : null;
        if (!organisationId || !userId) return;
        await withTenant(await getDb(), organisationId, (tx) => recordAdminSession(tx, organisationId, { id: userId }, randomUUID(), 'signed-out'));
      },
    },
    callbacks: {
      async signIn({ user, account }) {
        const { organisation } = await currentTenant();
        if (!organisation) return '/login?error=UnknownOrganisation';
        let claims: AccessTokenClaims | null;
        try {
          claims = await claimsOf(user, account ?? null);
        } catch {
          return '/login?error=InvalidToken';
        }
        // A person signs in to the organisation whose address they opened, and only with its identities.
        if (!claims || claims.organisationId !== organisation.id) return '/login?error=WrongOrganisation';
        try {
          const acting = await withTenant(await getDb(), organisation.id, (tx) =>
            loadActingUser(tx, organisation.id, claims, randomUUID(), { signIn: true, pseudonymSecret: getPseudonymSecret() }),
          );
          user.id = acting.id;
          user.organisationId = organisation.id;
          delete user.claims;
          return true;
        } catch (error) {
          if (error instanceof DomainError && error.kind === 'forbidden') {
            if (error.details.reason === ACCOUNT_ERASED_REASONS.erasure_request) return '/login/erased';
            if (error.details.reason === ACCOUNT_ERASED_REASONS.retention) return '/login/erased?reason=retention';
            return '/login?error=AccountDeactivated';
          }
          throw error;
        }
      },
      jwt({ token, user }) {
        if (user?.id && user.organisationId) {
          token.userId = user.id;
          token.organisationId = user.organisationId;
        }
        return token;
      },
      session({ session, token }) {
        return { ...session, organisationId: String(token.organisationId ?? ''), userId: String(token.userId ?? '') };
      },
    },
  };
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => buildConfig());
