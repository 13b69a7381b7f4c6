import { methodNotAllowed } from '@/lib/transport/http/route';
import { handleMcpRequest } from '@/lib/transport/mcp/handle-mcp-request';

// POST /api/mcp – the MCP server (Streamable HTTP, stateless): tools over the REST API's lib functions
export const POST = handleMcpRequest;

// Stateless serving has no session stream to GET and no session to DELETE.
export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
