/**
 * `npx tsx bench/lib/summarise-profile.ts <file.cpuprofile> [requests] [pattern …]`: a V8 CPU profile's self
 * time by part (package, Node.js internals, the server bundle's own chunks, garbage collection), and the total
 * time of frames whose function name or file matches each pattern. With the number of requests served while the
 * profile ran, every figure is also given in ms per request. Bundled frames are mapped through the chunks'
 * source maps when the build wrote them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

type SourceMapConsumer = { originalPositionFor(position: { line: number; column: number }): { source: string | null } };
// Next.js ships Mozilla's source-map 0.8 (untyped) for its own stack traces.
const { SourceMapConsumer } = createRequire(import.meta.url)('next/dist/compiled/source-map08') as {
  SourceMapConsumer: new (raw: unknown) => Promise<SourceMapConsumer>;
};

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const [file, requestsArg, ...patterns] = process.argv.slice(2);
if (!file) throw new Error('usage: summarise-profile.ts <file.cpuprofile> [requests] [pattern …]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
// LAST_SECONDS=n keeps the profile's last n seconds (the measured load; not the start-up and warm-up).
if (process.env.LAST_SECONDS) {
  const from = profile.endTime - Number(process.env.LAST_SECONDS) * 1e6;
  let t = profile.startTime;
  const kept: [number, number][] = [];
  profile.samples.forEach((sample, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (t >= from) kept.push([sample, profile.timeDeltas[i] ?? 0]);
  });
  profile.samples = kept.map(([sample]) => sample);
  profile.timeDeltas = kept.map(([, delta]) => delta);
  profile.startTime = Math.max(profile.startTime, from);
}
const requests = Number(requestsArg ?? 0);

const maps = new Map<string, SourceMapConsumer | null>();
async function originalSource(url: string, line: number, column: number): Promise<string | null> {
  if (!url.includes('/.next/')) return null;
  if (!maps.has(url)) {
    const mapFile = `${url.startsWith('file://') ? fileURLToPath(url) : url}.map`;
    maps.set(url, existsSync(mapFile) ? await new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
  }
  const map = maps.get(url);
  if (!map) return null;
  return map.originalPositionFor({ line: line + 1, column }).source ?? null;
}

function part(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1]!;
  if (source.startsWith('node:') || !source.includes('/')) return source ? 'node internals' : 'native / V8';
  const own = /(?:^|\/)(app|lib|db|proxy\.ts|instrumentation\.ts)(?:\/|$)/.exec(source.replace(/^.*?\[project\]\//, ''));
  if (own) return `own: ${own[1]}`;
  if (source.includes('/.next/')) return 'server bundle (unmapped)';
  return source;
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const self = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + (profile.timeDeltas[i] ?? 0));

const totalUs = profile.endTime - profile.startTime;
const parts = new Map<string, number>();
const nodeSource = new Map<number, string>();
for (const node of profile.nodes) {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  let key: string;
  if (['(idle)', '(program)', '(garbage collector)', '(root)'].includes(functionName)) key = functionName;
  else {
    const source = (await originalSource(url, lineNumber, columnNumber)) ?? url;
    nodeSource.set(node.id, source);
    key = part(source);
  }
  parts.set(key, (parts.get(key) ?? 0) + (self.get(node.id) ?? 0));
}

const ms = (us: number) => (us / 1000).toFixed(0).padStart(7);
const perRequest = (us: number) => (requests ? `${(us / 1000 / requests).toFixed(3).padStart(7)} ms/request` : '');
console.log(`profile: ${(totalUs / 1e6).toFixed(1)} s${requests ? `, ${requests} requests` : ''}`);
console.log('\nself time by part:');
for (const [key, us] of [...parts].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${ms(us)} ms ${perRequest(us)}  ${key}`);

// Total (inclusive) time of frames matching a pattern, counting a sample once even under recursion.
for (const pattern of patterns) {
  const re = new RegExp(pattern);
  let us = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const node = byId.get(id)!;
      if (re.test(node.callFrame.functionName) || re.test(nodeSource.get(id) ?? node.callFrame.url)) {
        us += profile.timeDeltas[i] ?? 0;
        break;
      }
    }
  }
  console.log(`${ms(us)} ms ${perRequest(us)}  total under /${pattern}/`);
}

if (process.env.TOP) {
  const fns = new Map<string, number>();
  for (const node of profile.nodes) {
    const key = `${node.callFrame.functionName || '(anonymous)'} ${nodeSource.get(node.id)?.replace(/^.*node_modules\//, '') ?? ''}:${node.callFrame.lineNumber}`;
    fns.set(key, (fns.get(key) ?? 0) + (self.get(node.id) ?? 0));
  }
  console.log('\nself time by function:');
  for (const [key, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP))) console.log(`${ms(us)} ms ${perRequest(us)}  ${key}`);
}
