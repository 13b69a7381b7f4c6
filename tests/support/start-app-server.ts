import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { API_DOCS_PAGE_FILE, apiDocsFile } from '@/app/docs/api-docs-files';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export type AppServer = { baseUrl: string; port: number; pid: number; stop: () => Promise<void>; output: () => string; exitCode: () => number | null };

export type AppServerOptions = {
  port?: number;
  /** The Next.js project to serve (default: this one). */
  dir?: string;
  /** Answers 200 once the server is ready. */
  healthPath?: string;
  /** Options for node itself (e.g. --cpu-prof, which NODE_OPTIONS does not allow). */
  nodeArgs?: string[];
  /** Start through scripts/start-server.mjs (`npm start`, which honours WEB_CONCURRENCY) instead of next's own CLI. */
  viaStartScript?: boolean;
};

function buildApiDocs(): void {
  const result = spawnSync(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/build-api-docs.ts'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm run build:api-docs failed:\n${result.stdout}\n${result.stderr}`);
}

/** Starts the production build (`next start`) on 127.0.0.1 with the given environment. */
export async function startAppServer(env: Record<string, string>, options: AppServerOptions = {}): Promise<AppServer> {
  const dir = options.dir ?? '.';
  if (!existsSync(path.join(dir, '.next/BUILD_ID'))) throw new Error(`No production build found in ${dir}: run \`npm run build\` first (npm test does).`);
  // `npm run build` ends by prerendering the API reference (/docs); a build made by `next build` alone lacks it.
  if (dir === '.' && !existsSync(apiDocsFile(dir, API_DOCS_PAGE_FILE))) buildApiDocs();
  const port = options.port ?? (await freePort());
  let output = '';
  const entry = options.viaStartScript ? [path.resolve('scripts/start-server.mjs')] : [path.resolve('node_modules/next/dist/bin/next'), 'start'];
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry, dir, '--hostname', '127.0.0.1', '--port', String(port)], {
    env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited early:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}${options.healthPath ?? '/api/health'}`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`next start did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  return { baseUrl, port, pid: child.pid!, stop, output: () => output, exitCode: () => child.exitCode };
}
