/** Drives one URL with wrk (Debian's package) at a fixed concurrency and reads its summary. */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const script = path.join(import.meta.dirname, 'wrk.lua');

export type LoadResult = {
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  statusErrors: number;
  /** Status and body of the first failed response, if any. */
  firstFailure?: string;
};

export type LoadOptions = {
  url: string;
  headers?: Record<string, string>;
  /** POST bodies, sent in turn. */
  bodies?: string[];
  /** Paths requested in turn instead of the URL's. */
  paths?: string[];
  connections: number;
  seconds: number;
};

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--timeout', '10s', '-s', script];
  // wrk adds its own "Host" unless one is given under exactly that name; two would make the tenant a coin toss.
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name.toLowerCase() === 'host' ? 'Host' : name}: ${value}`);
  args.push(options.url);
  const [mode, items] = options.bodies ? ['bodies', options.bodies] : options.paths ? ['paths', options.paths] : [];
  if (mode && items) {
    const file = path.join(tmpdir(), `qm-bench-${mode}-${process.pid}.txt`);
    await writeFile(file, `${items.join('\n')}\n`);
    args.push('--', mode, file);
  }
  const { stdout } = await run('wrk', args, { maxBuffer: 16 * 1024 * 1024 });
  const line = stdout.split('\n').find((l) => l.startsWith('WRK_JSON '));
  if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
  const s = JSON.parse(line.slice('WRK_JSON '.length)) as Record<string, number>;
  const failure = stdout.split('\n').find((l) => l.startsWith('WRK_FAILURE '));
  const seconds = s.durationUs! / 1e6;
  return {
    requests: s.requests!,
    rps: s.requests! / seconds,
    p50Ms: s.p50Us! / 1000,
    p99Ms: s.p99Us! / 1000,
    maxMs: s.maxUs! / 1000,
    errors: s.connectErrors! + s.readErrors! + s.writeErrors! + s.timeouts!,
    statusErrors: s.statusErrors!,
    firstFailure: failure?.slice('WRK_FAILURE '.length),
  };
}
