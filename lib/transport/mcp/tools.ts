import { z } from 'zod';
import { operations } from '@/lib/transport/operations/catalogue';
import { type Operation, operationName } from '@/lib/transport/operations/operation';
import type { Tx } from '@/db/client';
import type { Role } from '@/lib/platform/auth/roles';
import type { RequestContext } from '@/lib/platform/core/context';

/**
 * One MCP tool: the input schema is the REST operation's own (query or body, with the path id as a named field),
 * run calls the same lib/ function as the route handler, and role is the route's minimum role.
 */
export type McpTool<I extends z.ZodType = z.ZodType> = {
  name: string;
  title: string;
  description: string;
  /** Minimum role, as route() demands it of the REST operation this tool mirrors. */
  role: Role;
  /** That REST operation, for the descriptions and the OpenAPI document. */
  rest: string;
  input: I;
  output: z.ZodType;
  /** Reads only; a tool that changes state is neither idempotent nor open-world. */
  readOnly: boolean;
  /** Its change cannot be undone by another call (a rejection is final). */
  destructive?: boolean;
  run: (tx: Tx, ctx: RequestContext, input: z.infer<I>) => Promise<unknown>;
};

const toolOf = (operation: Operation): McpTool => {
  const { name, title, description, input, destructive, run } = operation.mcp!;
  return { name, title, description, role: operation.role, rest: operationName(operation), input, output: operation.success.schema!, readOnly: operation.method === 'get', destructive, run };
};

/** Every MCP tool: the operations that declare an `mcp` exposure, each as its REST operation allows. */
export const mcpTools: McpTool[] = operations.filter((operation) => operation.mcp).map(toolOf);
