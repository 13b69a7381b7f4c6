import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { z, ZodObject, ZodType } from 'zod';
import type { Tx } from '@/db/client';
import type { Role } from '@/lib/platform/auth/roles';
import type { RequestContext } from '@/lib/platform/core/context';
import type { ErrorCode } from '@/lib/transport/openapi/error-catalogue';
import type { ReadBack } from '@/lib/transport/http/idempotency';

export type OperationMethod = 'get' | 'post' | 'patch' | 'delete';

export type OperationSuccess = {
  status: 200 | 201 | 202 | 204;
  description: string;
  schema?: ZodType;
  /** application/json unless named; a file download names its own (several when a parameter picks one). 201 and 202 carry a Location. */
  mediaType?: string | string[];
  headers?: Record<string, unknown>;
};

export type OperationUpload = { mediaTypes: [string, ...string[]]; maxBytes: number; description: string };

/**
 * How an operation is offered to AI agents as an MCP tool (lib/transport/mcp). The tool's role is the operation's,
 * its output schema the operation's success schema, and it reads only when the operation is a GET.
 */
export type McpExposure<I extends ZodType = ZodType> = {
  name: string;
  title: string;
  /** Written for a model choosing a tool: what it does and what it needs, without HTTP. */
  description: string;
  /** The REST input flattened into one object: query or body, with a path id as a named field. */
  input: I;
  /** Its change cannot be undone by another call (a rejection is final). */
  destructive?: boolean;
  /** Calls the same lib/ function as the route handler and returns what the REST operation answers with. */
  run: (tx: Tx, ctx: RequestContext, input: z.infer<I>) => Promise<unknown>;
};

/**
 * One tenant API operation, declared once: route() reads its role and input schemas, the OpenAPI document is built
 * from it (lib/transport/openapi/register-tenant-operation.ts adds the conventions every /v1 operation shares), and
 * the MCP server offers it as a tool when it has `mcp`.
 */
export type Operation<P extends ZodObject = ZodObject, Q extends ZodObject = ZodObject, B extends ZodType = ZodType> = {
  method: OperationMethod;
  /** Relative to the server base (…/api), with {id} placeholders: the route file's folder. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** Minimum role ("the named role or a higher one"). */
  role: Role;
  params?: P;
  query?: Q;
  body?: B;
  /** A file sent as the raw request body instead of JSON (a backup to restore); the handler gets its bytes. */
  upload?: OperationUpload;
  success: OperationSuccess;
  /** A second success answer, when the outcome decides the status (a dry run 200, a real run 202). */
  alsoSuccess?: OperationSuccess;
  /** Codes this operation adds to the ones every tenant operation can answer with (resource 404s, 409s). */
  errors?: ErrorCode[];
  /** For a POST that creates a record a duty guards or a sensitive one: how a replay reads it again (lib/transport/http/idempotency.ts). */
  readBack?: ReadBack;
  mcp?: McpExposure;
};

/**
 * An operation outside the bearer-token conventions, its document entry written out: a one-time link whose token
 * is the credential (served by publicRoute(), which reads params and query from here), or one outside every tenant
 * (health, the registry webhook, MCP, OAuth metadata; served by served()).
 */
export type DocumentedOperation<P extends ZodObject = ZodObject, Q extends ZodObject = ZodObject> = {
  method: OperationMethod;
  path: string;
  params?: P;
  query?: Q;
  document: Omit<RouteConfig, 'method' | 'path'>;
};

export type AnyOperation = Operation | DocumentedOperation;

export const isOperation = (value: unknown): value is Operation =>
  typeof value === 'object' && value !== null && 'operationId' in value && 'success' in value && 'role' in value;

export const isDocumentedOperation = (value: unknown): value is DocumentedOperation =>
  typeof value === 'object' && value !== null && 'document' in value && 'method' in value && 'path' in value;

// Within one module, operations are evaluated in the order they are written; the catalogue keeps that order.
let declared = 0;
const DECLARED = Symbol.for('quartermaster.operation.declared');

function withOrder<T extends object>(operation: T): T {
  Object.defineProperty(operation, DECLARED, { value: declared++ });
  return operation;
}

export const declarationOrder = (operation: AnyOperation): number => (operation as unknown as Record<symbol, number>)[DECLARED] ?? 0;

export function defineOperation<P extends ZodObject = ZodObject, Q extends ZodObject = ZodObject, B extends ZodType = ZodType>(
  operation: Operation<P, Q, B>,
): Operation<P, Q, B> {
  return withOrder(operation);
}

export function defineDocumentedOperation<P extends ZodObject = ZodObject, Q extends ZodObject = ZodObject>(
  operation: DocumentedOperation<P, Q>,
): DocumentedOperation<P, Q> {
  return withOrder(operation);
}

export const operationName = (operation: { method: OperationMethod; path: string }) => `${operation.method.toUpperCase()} ${operation.path}`;

const OPERATION = Symbol.for('quartermaster.operation');

/** Marks a route handler with the operation it serves, for the check that every route file serves its declared operations. */
export function markServed<H extends object>(operation: AnyOperation, handler: H): H {
  Object.defineProperty(handler, OPERATION, { value: operation });
  return handler;
}

export const servedOperation = (handler: unknown): AnyOperation | undefined =>
  typeof handler === 'function' ? (handler as unknown as Record<symbol, AnyOperation | undefined>)[OPERATION] : undefined;

/** A handler outside route() and publicRoute() (health, MCP, the registry webhook), marked with its documented operation. */
export function served<H extends (...args: never[]) => Response | Promise<Response>>(operation: DocumentedOperation, handler: H): H {
  return markServed(operation, handler);
}

/** An operation's MCP exposure, its input type inferred from the input schema. */
export const mcpTool = <I extends ZodType>(exposure: McpExposure<I>): McpExposure => exposure as unknown as McpExposure;

const REFUSES = Symbol.for('quartermaster.refuses');

/** Marks a handler that answers 405 for a method its route file does not implement, with the Allow list. */
export function markRefusal<H extends object>(allowed: string[], handler: H): H {
  Object.defineProperty(handler, REFUSES, { value: allowed });
  return handler;
}

/** The Allow list of a 405 handler; undefined for any other. */
export const refusalOf = (handler: unknown): string[] | undefined =>
  typeof handler === 'function' ? (handler as unknown as Record<symbol, string[] | undefined>)[REFUSES] : undefined;
