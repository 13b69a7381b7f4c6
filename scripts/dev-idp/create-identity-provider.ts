import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { errors, type Client, type ClientMetadata, type Configuration } from 'oidc-provider';
import { toTokenClaims, type DevAccount, type ServiceAccount } from './dev-account';
import { handleDevRoute, type DevRouteContext } from './dev-routes';
import { generateSigningKey, type PrivateSigningJwk } from './signing-keys';

export type { DevAccount, ServiceAccount } from './dev-account';
export type { PrivateSigningJwk } from './signing-keys';

export type DevIdpClients = {
  web?: { clientId?: string; redirectUris?: string[] };
  // The integration client is registered only when a service account is configured.
  integration?: { clientId?: string; clientSecret?: string; serviceAccount?: ServiceAccount };
};

export type IdentityProviderOptions = {
  issuer?: string;
  port: number;
  audience: string;
  keys?: PrivateSigningJwk[];
  accounts: DevAccount[];
  clients?: DevIdpClients;
  /**
   * Also accept the web client's callback on any loopback host and port (acme.localhost:3000,
   * 127.0.0.1:54321, ...): every tenant is its own host, and tests pick free ports.
   */
  allowLocalRedirects?: boolean;
};

export type IdentityProvider = {
  readonly issuer: string;
  start(): Promise<{ issuer: string }>;
  stop(): Promise<void>;
};

const accessTokenTtlSeconds = 60 * 60;
const sessionTtlSeconds = 8 * 60 * 60;
const apiScope = 'api';

const defaultWebRedirectUris = ['http://localhost:3000/api/auth/callback/oidc', 'http://127.0.0.1/callback'];

export function createIdentityProvider(options: IdentityProviderOptions): IdentityProvider {
  const accounts = new Map(options.accounts.map((account) => [account.accountId, account]));
  let running: { issuer: string; context: DevRouteContext; callback: ReturnType<Provider['callback']> } | undefined;

  const server = createServer((req, res) => {
    routeRequest(req, res).catch((error: unknown) => {
      console.error('[dev-idp] request failed', error);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });

  async function routeRequest(req: IncomingMessage, res: ServerResponse) {
    if (!running) return void res.writeHead(503).end();
    if (await handleDevRoute(running.context, req, res)) return;
    running.callback(req, res);
  }

  return {
    get issuer() {
      if (!running) throw new Error('The identity provider has not been started.');
      return running.issuer;
    },
    async start() {
      const keys = options.keys ?? [await generateSigningKey()];
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      const issuer = options.issuer ?? `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const provider = new Provider(issuer, buildConfiguration(options, accounts, keys));
      if (options.allowLocalRedirects) allowLocalRedirects(provider);
      provider.on('server_error', (_ctx, error) => console.error('[dev-idp] server error', error));
      running = { issuer, context: { provider, accounts }, callback: provider.callback() };
      return { issuer };
    },
    async stop() {
      running = undefined;
      if (!server.listening) return;
      const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      // Keep-alive sockets from fetch clients would otherwise hold close() open.
      server.closeAllConnections();
      await closed;
    },
  };
}

const LOCAL_HOST = /^(?:127\.0\.0\.1|localhost|[a-z0-9-]+\.localhost)$/;

function isLocalCallback(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' && LOCAL_HOST.test(url.hostname) && url.pathname === '/api/auth/callback/oidc' && !url.search && !url.hash;
  } catch {
    return false;
  }
}

function allowLocalRedirects(provider: Provider): void {
  const registered = provider.Client.prototype.redirectUriAllowed;
  provider.Client.prototype.redirectUriAllowed = function redirectUriAllowed(this: Client, value: string) {
    return registered.call(this, value) || isLocalCallback(value);
  };
}

function buildConfiguration(
  options: IdentityProviderOptions,
  accounts: Map<string, DevAccount>,
  keys: PrivateSigningJwk[],
): Configuration {
  const { audience } = options;
  const integration = options.clients?.integration;
  const integrationClientId = integration?.clientId ?? 'quartermaster-integration';
  const serviceAccount = integration?.serviceAccount;

  return {
    clients: buildClients(options.clients, integrationClientId),
    jwks: { keys },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: account.accountId,
        async claims() {
          const { email, given_name, family_name } = toTokenClaims(account);
          return { sub, email, email_verified: true, given_name, family_name, name: `${given_name} ${family_name}` };
        },
      };
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind === 'ClientCredentials') {
        if (!serviceAccount || token.clientId !== integrationClientId) return undefined;
        return { organisationId: serviceAccount.organisationId, userId: serviceAccount.userId, role: serviceAccount.role };
      }
      const account = token.accountId ? accounts.get(token.accountId) : undefined;
      return account ? toTokenClaims(account) : undefined;
    },
    pkce: { required: () => true },
    ttl: {
      AccessToken: accessTokenTtlSeconds,
      ClientCredentials: accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: accessTokenTtlSeconds,
      Interaction: 10 * 60,
      Session: sessionTtlSeconds,
      Grant: sessionTtlSeconds,
    },
    async renderError(ctx, out) {
      ctx.type = 'text';
      ctx.body = Object.entries(out).map(([key, value]) => `${key}: ${value}`).join('\n');
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // Clients that omit `resource` still get a JWT for the API instead of an opaque userinfo token.
        defaultResource: async (_ctx, _client, oneOf) => oneOf ?? audience,
        useGrantedResource: async () => true,
        async getResourceServerInfo(_ctx, resource) {
          if (resource !== audience) throw new errors.InvalidTarget();
          return {
            scope: apiScope,
            audience,
            accessTokenTTL: accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
  };
}

function buildClients(clients: DevIdpClients | undefined, integrationClientId: string): ClientMetadata[] {
  const web: ClientMetadata = {
    client_id: clients?.web?.clientId ?? 'quartermaster-web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code'],
    response_types: ['code'],
    redirect_uris: clients?.web?.redirectUris ?? defaultWebRedirectUris,
  };
  const integration = clients?.integration;
  if (!integration?.serviceAccount) return [web];
  return [
    web,
    {
      client_id: integrationClientId,
      client_secret: integration.clientSecret ?? 'quartermaster-integration-dev-secret',
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
    },
  ];
}
