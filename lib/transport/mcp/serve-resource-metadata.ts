import { randomUUID } from 'node:crypto';
import { chargeClient, type LimitHeaders } from '@/lib/transport/http/charge-rate-limit';
import { resolveRequestTenant } from '@/lib/transport/http/resolve-request-tenant';
import { errorResponse, json } from '@/lib/transport/http/responses';
import { toApiError } from '@/lib/transport/http/to-api-error';
import { getConfig } from '@/lib/platform/config';
import { buildResourceMetadata } from './protected-resource';

/**
 * GET of an RFC 9728 metadata document for the resource at `resourcePath` of the organisation served at this
 * address. Public (a client reads it before it has a token), so charged to the client's own bucket; readable from
 * any origin, as browser-based MCP clients discover it too.
 */
export function serveResourceMetadata(resourcePath: string) {
  return async (request: Request): Promise<Response> => {
    const requestId = randomUUID();
    let limitHeaders: LimitHeaders = {};
    try {
      const organisation = await resolveRequestTenant(request);
      limitHeaders = await chargeClient(request, organisation.id);
      const metadata = buildResourceMetadata(request, resourcePath, organisation, getConfig().OIDC_ISSUER);
      return json(metadata, { headers: { ...limitHeaders, 'Access-Control-Allow-Origin': '*', 'X-Request-Id': requestId } });
    } catch (error) {
      return errorResponse(toApiError(error, requestId), requestId, limitHeaders);
    }
  };
}
