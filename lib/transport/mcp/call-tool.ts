import type { CallToolResult } from '@modelcontextprotocol/server';
import { type Caller, enterAsCaller } from '@/lib/transport/http/admit-caller';
import { serialise } from '@/lib/transport/http/responses';
import { toApiError } from '@/lib/transport/http/to-api-error';
import { zodIssueDetails } from '@/lib/transport/http/zod-issues';
import { ValidationError } from '@/lib/platform/core/errors';
import { getDb } from '@/lib/platform/db/get-db';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import type { McpTool } from './tools';

function parseArguments(tool: McpTool, args: unknown): unknown {
  const result = tool.input.safeParse(args ?? {});
  if (result.success) return result.data;
  throw new ValidationError(`The arguments of ${tool.name} are invalid.`, { location: 'arguments', issues: zodIssueDetails(result.error) });
}

/**
 * The REST API's pipeline for one tool call, after the HTTP request was admitted (tenant, token, rate limit):
 * one tenant-scoped transaction with RLS -> acting user and minimum role -> arguments -> the lib/ function.
 * Role before arguments, as in route(): a caller without the role learns nothing about the input it would need.
 */
export async function callTool(tool: McpTool, caller: Caller, requestId: string, args: unknown): Promise<CallToolResult> {
  try {
    let runAfterCommit = () => {};
    const result = await withTenant(await getDb(), caller.organisation.id, async (tx) => {
      const scope = await enterAsCaller(tx, caller, requestId, tool.role);
      runAfterCommit = scope.runAfterCommit;
      return tool.run(tx, scope.ctx, parseArguments(tool, args));
    });
    runAfterCommit();
    const text = serialise(result);
    return { content: [{ type: 'text', text }], structuredContent: JSON.parse(text) as Record<string, unknown> };
  } catch (error) {
    // A tool's failure is a result the model can read and act on, in the REST API's error envelope and codes.
    const { code, message, details } = toApiError(error, requestId);
    const envelope = { error: { code, message, details } };
    return { isError: true, content: [{ type: 'text', text: serialise(envelope) }], structuredContent: envelope };
  }
}
