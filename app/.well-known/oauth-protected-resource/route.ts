import { serveResourceMetadata } from '@/lib/transport/mcp/serve-resource-metadata';

// GET /.well-known/oauth-protected-resource – RFC 9728 metadata of the organisation's API (REST and MCP)
export const GET = serveResourceMetadata('');
