import { MCP_PATH } from '@/lib/transport/mcp/protected-resource';
import { serveResourceMetadata } from '@/lib/transport/mcp/serve-resource-metadata';

// GET /.well-known/oauth-protected-resource/api/mcp – RFC 9728 metadata of the MCP server, named in its 401 challenge
export const GET = serveResourceMetadata(MCP_PATH);
