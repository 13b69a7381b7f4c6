import { resource } from '@/lib/transport/http/resource';
import { handleMcpRequest } from '@/lib/transport/mcp/handle-mcp-request';
import { served } from '@/lib/transport/operations/operation';
import * as mcpServer from '@/lib/transport/operations/platform/mcp';

// Stateless serving has no session stream to GET and no session to DELETE.
export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: served(mcpServer.mcp, handleMcpRequest),
});
