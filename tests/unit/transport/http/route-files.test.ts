import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resourceMethods } from '@/lib/transport/http/resource';
import { documentedOperations, operations } from '@/lib/transport/operations/catalogue';
import { type AnyOperation, operationName, refusalOf, servedOperation } from '@/lib/transport/operations/operation';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
// Served under /api but not operations of the API: the JSON 404 for unknown paths, and the
// framework endpoints of Auth.js and Inngest (imported only by the server: they read its configuration).
const notOperations = new Set(['/[...path]', '/auth/[...nextauth]', '/inngest']);

type RouteFile = { file: string; path: string };

/** Every route file under app/api (its path relative to the server base, …/api) and app/.well-known (from the origin). */
function routeFiles(dir: string, prefix: string): RouteFile[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === 'route.ts')
    .map((file) => {
      const segments = path.dirname(file).split(path.sep).filter((segment) => segment !== '.').map((segment) => segment.replace(/^\[(\w+)\]$/, '{$1}'));
      return { file: path.join(dir, file), path: `${prefix}/${segments.join('/')}`.replace(/(.)\/$/, '$1') };
    });
}

const files = [...routeFiles('app/api', ''), ...routeFiles('app/.well-known', '/.well-known')];
const declared: AnyOperation[] = [...operations, ...documentedOperations];

describe('route files', () => {
  const served: string[] = [];

  it.each(files.filter((file) => !['/auth/[...nextauth]', '/inngest'].includes(file.path)))('$file serves the operations declared for its path', async ({ file, path: filePath }) => {
    const routeModule = (await import(path.join(root, file))) as Record<string, unknown>;
    const implemented = resourceMethods.filter((method) => typeof routeModule[method] === 'function' && !refusalOf(routeModule[method]));
    // Every file answers all five methods: the ones it implements and 405 with their Allow list for the rest.
    if (filePath.startsWith('/v1/')) expect(resourceMethods.filter((method) => typeof routeModule[method] === 'function')).toEqual([...resourceMethods]);
    for (const method of resourceMethods.filter((m) => refusalOf(routeModule[m]))) expect(refusalOf(routeModule[method])).toEqual(implemented);
    if (notOperations.has(filePath)) return;
    for (const method of implemented) {
      const operation = servedOperation(routeModule[method]);
      expect(operation, `${method} in ${file} is built from its declared operation (route(operation, ...), publicRoute or served)`).toBeDefined();
      expect(operationName(operation!)).toBe(`${method} ${filePath}`);
      expect(declared, `${method} ${filePath} is in lib/transport/operations/catalogue.ts`).toContain(operation);
      served.push(operationName(operation!));
    }
  });

  it('leave no declared operation unserved, and serve each once', () => {
    expect([...served].sort()).toEqual(declared.map(operationName).sort());
  });
});
