import type { OpenApiDocument } from '@/lib/transport/openapi/build-openapi-document';

export type OperationMatcher = (method: string, path: string) => string | null;

const methods = new Set(['get', 'put', 'post', 'patch', 'delete', 'head', 'options']);

/**
 * Names the operation a request reaches (`operationId`, or `METHOD /template` when the document has no such
 * method on the path): Prism's violation header does not say. A literal segment wins over a placeholder, as in
 * Prism's router.
 */
export function createOperationMatcher(document: OpenApiDocument): OperationMatcher {
  const routes = Object.entries(document.paths ?? {}).map(([template, item]) => {
    const segments = template.split('/');
    const pattern = new RegExp(`^${segments.map((segment) => (/^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`);
    return { template, item, pattern, placeholders: segments.filter((segment) => segment.startsWith('{')).length };
  });
  routes.sort((a, b) => a.placeholders - b.placeholders);
  return (method, path) => {
    const route = routes.find((candidate) => candidate.pattern.test(path));
    if (!route) return null;
    const operation = methods.has(method.toLowerCase()) ? (route.item as Record<string, { operationId?: string } | undefined>)[method.toLowerCase()] : undefined;
    return operation?.operationId ?? `${method.toUpperCase()} ${route.template}`;
  };
}
