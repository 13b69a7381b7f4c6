import { resource } from '@/lib/transport/http/resource';
import { handleMcpRequest } from '@/lib/transport/mcp/handle-mcp-request';

// Stateless serving has no session stream to GET and no session to DELETE.
export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // POST /api/mcp – the MCP server (Streamable HTTP, stateless): tools over the REST API's lib functions
  POST: handleMcpRequest,
});
