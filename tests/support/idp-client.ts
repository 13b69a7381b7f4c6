import { createHash, randomBytes } from 'node:crypto';
import type { DevAccount } from '@/scripts/dev-idp/create-identity-provider';

export type AuthorizationOptions = { clientId?: string; redirectUri?: string; audience?: string };
export type ClientCredentialsOptions = { clientId: string; clientSecret: string; audience?: string };
export type CodeExchange = { code: string; codeVerifier: string; clientId?: string; redirectUri?: string };

type Discovery = { authorization_endpoint: string; token_endpoint: string };
type CachedToken = { accessToken: string; expiresAt: number };

const defaultClientId = 'quartermaster-web';
const defaultRedirectUri = 'http://127.0.0.1/callback';
const maxHops = 10;
// Tokens are reused until shortly before expiry so a slow test never sends an expired one.
const expirySafetyMs = 60_000;

const discoveries = new Map<string, Promise<Discovery>>();
const tokenCache = new Map<string, CachedToken>();

export async function registerAccount(issuer: string, account: DevAccount): Promise<void> {
  const response = await fetch(`${issuer}/dev/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (response.status !== 204) throw new Error(`Registering ${account.accountId} failed: ${response.status} ${await response.text()}`);
  for (const key of tokenCache.keys()) {
    if (key.startsWith(`${issuer} user ${account.accountId} `)) tokenCache.delete(key);
  }
}

export async function getUserAccessToken(issuer: string, accountId: string, options: AuthorizationOptions & { audience: string }): Promise<string> {
  const key = `${issuer} user ${accountId} ${options.clientId ?? defaultClientId} ${options.audience}`;
  return getCachedToken(key, async () => {
    const { code, codeVerifier } = await requestAuthorizationCode(issuer, accountId, options);
    const response = await exchangeAuthorizationCode(issuer, { ...options, code, codeVerifier });
    return readTokenResponse(response);
  });
}

export async function getClientCredentialsToken(issuer: string, options: ClientCredentialsOptions): Promise<string> {
  const secretHash = createHash('sha256').update(options.clientSecret).digest('base64url');
  const key = `${issuer} client ${options.clientId} ${secretHash} ${options.audience ?? ''}`;
  return getCachedToken(key, async () => {
    const { token_endpoint } = await discover(issuer);
    const body = new URLSearchParams({ grant_type: 'client_credentials' });
    if (options.audience) body.set('resource', options.audience);
    const credentials = `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`;
    const response = await fetch(token_endpoint, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` },
      body,
    });
    return readTokenResponse(response);
  });
}

// Drives the real browser flow over HTTP: authorization request, login form, automatic consent, redirect with code.
export async function requestAuthorizationCode(
  issuer: string,
  accountId: string,
  options: AuthorizationOptions = {},
): Promise<{ code: string; codeVerifier: string }> {
  const redirectUri = options.redirectUri ?? defaultRedirectUri;
  const codeVerifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const authorizationUrl = new URL((await discover(issuer)).authorization_endpoint);
  authorizationUrl.search = new URLSearchParams({
    response_type: 'code',
    client_id: options.clientId ?? defaultClientId,
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    state,
    code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...(options.audience ? { resource: options.audience } : {}),
  }).toString();

  const jar = new Map<string, string>();
  let request: { url: URL; init: RequestInit } = { url: authorizationUrl, init: {} };
  for (let hop = 0; hop < maxHops; hop += 1) {
    const response = await fetch(request.url, {
      ...request.init,
      redirect: 'manual',
      headers: { ...(request.init.headers as Record<string, string>), cookie: formatCookies(jar) },
    });
    storeCookies(jar, response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, request.url);
      if (`${next.origin}${next.pathname}` === redirectUri) return readRedirect(next, state, codeVerifier);
      request = { url: next, init: {} };
      continue;
    }
    const page = await response.text();
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
    if (response.status !== 200 || !action) throw new Error(`Unexpected authorization response ${response.status}: ${page.slice(0, 200)}`);
    request = {
      url: new URL(action.replaceAll('&amp;', '&'), request.url),
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login: accountId }).toString(),
      },
    };
  }
  throw new Error('Authorization flow did not reach the redirect URI.');
}

export async function exchangeAuthorizationCode(issuer: string, exchange: CodeExchange): Promise<Response> {
  const { token_endpoint } = await discover(issuer);
  return fetch(token_endpoint, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: exchange.code,
      code_verifier: exchange.codeVerifier,
      client_id: exchange.clientId ?? defaultClientId,
      redirect_uri: exchange.redirectUri ?? defaultRedirectUri,
    }),
  });
}

async function discover(issuer: string): Promise<Discovery> {
  let discovery = discoveries.get(issuer);
  if (!discovery) {
    discovery = fetch(`${issuer}/.well-known/openid-configuration`).then(async (response) => {
      if (!response.ok) throw new Error(`Discovery failed: ${response.status}`);
      return (await response.json()) as Discovery;
    });
    discoveries.set(issuer, discovery);
    discovery.catch(() => discoveries.delete(issuer));
  }
  return discovery;
}

async function getCachedToken(key: string, issue: () => Promise<CachedToken>): Promise<string> {
  const cached = tokenCache.get(key);
  if (cached && cached.expiresAt - expirySafetyMs > Date.now()) return cached.accessToken;
  const fresh = await issue();
  tokenCache.set(key, fresh);
  return fresh.accessToken;
}

async function readTokenResponse(response: Response): Promise<CachedToken> {
  const body = (await response.json()) as { access_token?: string; expires_in?: number; error?: string };
  if (!response.ok || !body.access_token) throw new Error(`Token request failed: ${response.status} ${body.error ?? ''}`);
  return { accessToken: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 0) * 1000 };
}

function readRedirect(location: URL, state: string, codeVerifier: string) {
  const error = location.searchParams.get('error');
  if (error) throw new Error(`Authorization failed: ${error} ${location.searchParams.get('error_description') ?? ''}`);
  if (location.searchParams.get('state') !== state) throw new Error('Authorization response state mismatch.');
  const code = location.searchParams.get('code');
  if (!code) throw new Error('Authorization response has no code.');
  return { code, codeVerifier };
}

// Cookie paths and domains are ignored: one flow talks to one host, and later cookies replace earlier ones.
function storeCookies(jar: Map<string, string>, response: Response) {
  for (const header of response.headers.getSetCookie()) {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator);
    const value = pair.slice(separator + 1);
    const expires = attributes.find((a) => a.toLowerCase().startsWith('expires='))?.slice('expires='.length);
    const expired = (expires !== undefined && Date.parse(expires) <= Date.now()) || attributes.some((a) => a.toLowerCase() === 'max-age=0');
    if (expired || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

function formatCookies(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}
