import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { devAccountSchema, type DevAccount } from './dev-account';
import { renderLoginPage } from './login-page';

// The interaction oidc-provider hands the login and consent pages (@types/oidc-provider does not export its class).
type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;

export type DevRouteContext = { provider: Provider; accounts: Map<string, DevAccount> };

type ConsentDetails = {
  missingOIDCScope?: string[];
  missingOIDCClaims?: string[];
  missingResourceScopes?: Record<string, string[]>;
};

const interactionPath = /^\/interaction\/([\w-]+)(\/login)?$/;
const maxBodyBytes = 64 * 1024;

// Returns false when the request belongs to oidc-provider rather than to the dev routes.
export async function handleDevRoute(context: DevRouteContext, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (pathname === '/dev/accounts') {
    await registerAccount(context, req, res);
    return true;
  }
  const match = interactionPath.exec(pathname);
  if (!match) return false;
  try {
    const details = await context.provider.interactionDetails(req, res);
    if (details.uid !== match[1]) sendText(res, 400, 'Interaction does not match the session.');
    else if (match[2]) await submitLogin(context, details, req, res);
    else await showInteraction(context, details, req, res);
  } catch (error) {
    sendText(res, 400, error instanceof Error ? error.message : 'Interaction failed.');
  }
  return true;
}

async function showInteraction(context: DevRouteContext, details: InteractionDetails, req: IncomingMessage, res: ServerResponse) {
  if (req.method !== 'GET') return sendText(res, 405, 'Method not allowed.');
  if (details.prompt.name === 'login') return sendLoginPage(res, context, details.uid, 200);
  // Every client of the dev IdP is first-party, so consent is granted without asking.
  const grantId = await grantRequestedAccess(context.provider, details);
  await context.provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

async function submitLogin(context: DevRouteContext, details: InteractionDetails, req: IncomingMessage, res: ServerResponse) {
  if (req.method !== 'POST') return sendText(res, 405, 'Method not allowed.');
  if (details.prompt.name !== 'login') return sendText(res, 400, 'This interaction does not expect a login.');
  const accountId = new URLSearchParams(await readBody(req)).get('login')?.trim() ?? '';
  if (!context.accounts.has(accountId)) return sendLoginPage(res, context, details.uid, 400, 'There is no account with that name. Pick a person above, or check the spelling.');
  await context.provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
}

async function grantRequestedAccess(provider: Provider, details: InteractionDetails): Promise<string> {
  const accountId = details.session?.accountId;
  if (!accountId) throw new Error('Consent requires a signed-in account.');
  const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
  const clientId = details.params.client_id;
  if (typeof clientId !== 'string') throw new Error('Consent requires a client.');
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  const missing = details.prompt.details as ConsentDetails;
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(resource, scopes.join(' '));
  }
  return grant.save();
}

async function registerAccount(context: DevRouteContext, req: IncomingMessage, res: ServerResponse) {
  if (!isLoopback(req.socket.remoteAddress)) return sendText(res, 403, 'Only available from this machine.');
  if (req.method !== 'POST') return sendText(res, 405, 'Method not allowed.');
  let body: unknown;
  try {
    body = JSON.parse(await readBody(req));
  } catch {
    return sendText(res, 400, 'Body must be JSON.');
  }
  const parsed = devAccountSchema.safeParse(body);
  if (!parsed.success) return sendText(res, 400, parsed.error.message);
  context.accounts.set(parsed.data.accountId, parsed.data);
  res.writeHead(204).end();
}

function isLoopback(address: string | undefined): boolean {
  return address === '::1' || address === '::ffff:127.0.0.1' || (address?.startsWith('127.') ?? false);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) throw new Error('Body too large.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sendText(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(text);
}

function sendLoginPage(res: ServerResponse, context: DevRouteContext, uid: string, status: number, error?: string) {
  const html = renderLoginPage([...context.accounts.values()], `/interaction/${encodeURIComponent(uid)}/login`, error);
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
}
