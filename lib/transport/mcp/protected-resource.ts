import { z } from 'zod';
import type { TenantOrganisation } from '@/lib/platform/core/context';
import type { UnauthenticatedError } from '@/lib/platform/core/errors';

export const MCP_PATH = '/api/mcp';
export const RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';

const LOCAL_HOST = /^(localhost|[^:]+\.localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;
// A host name or IP literal with an optional port: nothing that could break out of a quoted header parameter.
const PLAIN_HOST = /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

/**
 * The origin the client used (its Host, and the scheme the operator's proxy reports), since RFC 9728 wants the
 * metadata to name the resource exactly as the client addressed it: a sub-domain or a custom domain alike.
 */
export function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  const header = request.headers.get('host');
  const host = header && PLAIN_HOST.test(header) ? header.toLowerCase() : url.host;
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : LOCAL_HOST.test(host) ? 'http' : 'https';
  return `${scheme}://${host}`;
}

/** RFC 9728 §3.1: the well-known path is inserted between the resource's host and its path. */
export function resourceMetadataUrl(request: Request, resourcePath: string): string {
  return `${requestOrigin(request)}${RESOURCE_METADATA_PATH}${resourcePath}`;
}

export const ProtectedResourceMetadata = z.object({
  resource: z.url().describe('The protected resource, exactly as the client addressed it (scheme, host and path).'),
  authorization_servers: z.array(z.url()).optional().describe('The OIDC issuer that issues the bearer tokens (OIDC_ISSUER); absent while none is configured.'),
  bearer_methods_supported: z.array(z.literal('header')).describe('The token travels in the Authorization header only.'),
  resource_name: z.string(),
});
export type ProtectedResourceMetadata = z.infer<typeof ProtectedResourceMetadata>;

/**
 * RFC 9728 protected-resource metadata: at the root it describes the organisation's whole address (the REST API and
 * the MCP server share tokens), path-suffixed it describes the MCP server. The authorization server is the OIDC
 * issuer the API verifies tokens against.
 */
export function buildResourceMetadata(request: Request, resourcePath: string, organisation: TenantOrganisation, issuer: string | undefined): ProtectedResourceMetadata {
  return {
    resource: `${requestOrigin(request)}${resourcePath}`,
    ...(issuer ? { authorization_servers: [issuer] } : {}),
    bearer_methods_supported: ['header'],
    resource_name: `Quartermaster${resourcePath === MCP_PATH ? ' MCP server' : ''} of ${organisation.name}`,
  };
}

/**
 * RFC 6750 §3 challenge with RFC 9728 §5.1's resource_metadata, so an MCP client can discover where to get a token.
 * A request without credentials gets no error code; any other failure is invalid_token.
 */
export function bearerChallenge(request: Request, error: UnauthenticatedError): string {
  const parameters = [`resource_metadata="${resourceMetadataUrl(request, MCP_PATH)}"`];
  if (error.details.reason !== 'missing_token') {
    parameters.unshift('error="invalid_token"', `error_description="${error.message.replace(/["\\]/g, '')}"`);
  }
  return `Bearer ${parameters.join(', ')}`;
}
