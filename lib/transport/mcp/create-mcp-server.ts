import { ProtocolError, ProtocolErrorCode, Server, type Tool } from '@modelcontextprotocol/server';
import { z } from 'zod';
import packageJson from '@/package.json';
import type { Caller } from '@/lib/transport/http/admit-caller';
import { callTool } from './call-tool';
import { type McpTool, mcpTools } from './tools';

const INSTRUCTIONS = [
  "Quartermaster lends an organisation's assets to its people. You act as the signed-in user, with that user's role.",
  'Dates are calendar days written YYYY-MM-DD; list tools return one page and pagination.nextCursor for the next.',
  'A failed call returns isError with structuredContent { error: { code, message, details } }: the codes of the REST API',
  '(VALIDATION_ERROR with details.issues, FORBIDDEN with details.requiredRole, ASSET_NOT_FOUND, LOAN_NOT_FOUND, LOAN_CONFLICT, ...).',
].join(' ');

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as Tool['inputSchema'];
}

function describeTool(tool: McpTool): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: `${tool.description} Minimum role: ${tool.role}. Same as the REST operation ${tool.rest}.`,
    inputSchema: toJsonSchema(tool.input, 'input'),
    outputSchema: toJsonSchema(tool.output, 'output'),
    annotations: {
      title: tool.title,
      readOnlyHint: tool.readOnly,
      destructiveHint: tool.destructive ?? false,
      idempotentHint: tool.readOnly,
      openWorldHint: false,
    },
  };
}

// The tools depend on code only: described once per process, like the OpenAPI document.
const listed = mcpTools.map((tool) => ({ tool, description: describeTool(tool) }));
const byName = new Map(listed.map((entry) => [entry.tool.name, entry]));

export const mcpServerInfo = { name: 'quartermaster', title: 'Quartermaster', version: packageJson.version };

/**
 * A server instance for one HTTP request of one admitted caller (serving is stateless: nothing of it outlives the
 * request). Low-level rather than McpServer, so that invalid arguments are answered by our own validation, in the
 * API's error envelope, instead of the SDK's plain-text message.
 */
export function createMcpServer(caller: Caller, requestId: string): Server {
  const server = new Server(mcpServerInfo, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  server.setRequestHandler('tools/list', () => ({ tools: listed.map((entry) => entry.description) }));
  server.setRequestHandler('tools/call', async (request) => {
    const entry = byName.get(request.params.name);
    if (!entry) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `There is no tool named ${request.params.name}.`);
    const result = await callTool(entry.tool, caller, requestId, request.params.arguments);
    return server.projectCallToolResult(result, entry.description.outputSchema);
  });
  return server;
}
