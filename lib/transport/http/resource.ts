import type { LimitHeaders } from './charge-rate-limit';
import { methodNotAllowed } from './route';

/** The methods every /api route file answers: those it implements, and 405 for the rest. */
export const resourceMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export type ResourceMethod = (typeof resourceMethods)[number];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler keeps its own (request, segment) signature
type Handler = (...args: any[]) => Response | Promise<Response>;

/**
 * One route file's handlers by method; every method it does not implement answers 405 `METHOD_NOT_ALLOWED` with
 * `Allow` listing the implemented ones (methodNotAllowed, with its `charge` option for an endpoint outside any
 * tenant). Used as `export const { GET, POST, PUT, PATCH, DELETE } = resource({ GET: route(...), ... })`.
 */
export function resource<H extends Partial<Record<ResourceMethod, Handler>>>(
  handlers: H,
  options: { charge?: (request: Request) => Promise<LimitHeaders> } = {},
): H & Record<Exclude<ResourceMethod, keyof H>, (request: Request) => Promise<Response>> {
  const allowed = resourceMethods.filter((method) => handlers[method]);
  const refuse = methodNotAllowed(allowed, options);
  return Object.fromEntries(resourceMethods.map((method) => [method, handlers[method] ?? refuse])) as H &
    Record<Exclude<ResourceMethod, keyof H>, (request: Request) => Promise<Response>>;
}
