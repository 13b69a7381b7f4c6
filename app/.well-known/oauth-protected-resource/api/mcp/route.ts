import { MCP_PATH } from '@/lib/transport/mcp/protected-resource';
import { serveResourceMetadata } from '@/lib/transport/mcp/serve-resource-metadata';
import { served } from '@/lib/transport/operations/operation';
import * as mcpServer from '@/lib/transport/operations/platform/mcp';

export const GET = served(mcpServer.getMcpResourceMetadata, serveResourceMetadata(MCP_PATH));
