import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Folders a path written in backticks may start with to count as a path of this repository. */
const REPO_FOLDERS = ['lib/', 'app/', 'components/', 'db/', 'scripts/', 'tests/', 'bench/', 'docs/', 'inngest/', 'emails/', '.ci/'];
/** A file name without a folder is a top-level file of the repository (`proxy.ts`, `package.json`). */
const TOP_LEVEL_FILE = /^\.?[\w-][\w.-]*\.(ts|tsx|mjs|cjs|js|json|md|yaml|yml|sh|sql)$|^\.env\.example$/;
/** Where a written path turns into a placeholder or a pattern (`lib/<domain>/*`, `app/api/v1/.../route.ts`). */
const PLACEHOLDER = /<|\*|\{|\/\.\.\.(?=\/|$)|…/;

/** The markdown files the checks read: README.md and everything under docs/. */
export function documentationFiles(root: string): string[] {
  const docs = readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.posix.join('docs', file.split(path.sep).join('/')));
  return ['README.md', ...docs.sort()];
}

/** The text outside fenced code blocks, line by line (fenced lines become empty, so line numbers hold). */
function proseLines(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

const stripCodeSpans = (line: string) => line.replace(/`+[^`]*`+/g, '');

/** GitHub's anchor for a heading: its text without markup, lower case, punctuation dropped, spaces as hyphens. */
export function headingSlug(heading: string): string {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

/** Every anchor a markdown document offers: one per heading, repeated headings numbered as GitHub numbers them. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const slug = headingSlug(heading[1]);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The targets of the inline links of a document (`[text](target)`), outside code; external ones left out. */
export function relativeLinks(markdown: string): string[] {
  const prose = proseLines(markdown).map(stripCodeSpans).join('\n');
  const links: string[] = [];
  for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
    links.push(target);
  }
  return links;
}

/** The code spans of a document's prose, outside fenced blocks. */
function codeSpans(markdown: string): string[] {
  const spans: string[] = [];
  for (const line of proseLines(markdown)) {
    for (const match of line.matchAll(/(`+)([^`]+)\1/g)) spans.push(match[2]!.trim());
  }
  return spans;
}

/**
 * The repository paths a document writes in backticks: a span, or a word of a span (`npx tsx bench/run.ts`), that
 * starts with one of the repository's folders, and a bare top-level file name. A path that goes on as a
 * placeholder is cut where the placeholder starts, so the part before it is what must exist.
 */
export function repositoryPaths(markdown: string): string[] {
  const paths = new Set<string>();
  for (const span of codeSpans(markdown)) {
    if (TOP_LEVEL_FILE.test(span)) {
      paths.add(span);
      continue;
    }
    for (const word of span.split(/\s+/)) {
      if (!REPO_FOLDERS.some((folder) => word.startsWith(folder))) continue;
      const placeholder = PLACEHOLDER.exec(word);
      const written = placeholder ? word.slice(0, word.lastIndexOf('/', placeholder.index) + 1) : word;
      paths.add(written.replace(/[.,;:)]+$/, ''));
    }
  }
  return [...paths];
}

/** The npm scripts a document runs: `npm run <name>` (flags skipped), and `npm test` / `npm start`. */
export function npmScripts(markdown: string): string[] {
  const scripts = new Set<string>();
  for (const match of markdown.matchAll(/\bnpm run((?:\s+--?[\w-]+)*)\s+([\w:.-]+)/g)) scripts.add(match[2]!);
  for (const match of markdown.matchAll(/\bnpm (test|start)\b/g)) scripts.add(match[1]!);
  return [...scripts];
}

export type DocumentProblems = { links: string[]; paths: string[]; scripts: string[] };

/** What is wrong in one document of the repository at `root`: broken links and anchors, missing paths, unknown scripts. */
export function checkDocument(root: string, file: string, scripts: Record<string, string>): DocumentProblems {
  const markdown = readFileSync(path.join(root, file), 'utf8');
  const links: string[] = [];
  for (const link of relativeLinks(markdown)) {
    const [target = '', anchor] = link.split('#');
    const resolved = target ? path.join(path.dirname(path.join(root, file)), decodeURIComponent(target)) : path.join(root, file);
    if (!existsSync(resolved)) {
      links.push(`${link} (no such file)`);
      continue;
    }
    if (anchor === undefined || !resolved.endsWith('.md')) continue;
    if (!headingAnchors(readFileSync(resolved, 'utf8')).has(decodeURIComponent(anchor))) links.push(`${link} (no such heading)`);
  }
  return {
    links,
    paths: repositoryPaths(markdown).filter((written) => !existsSync(path.join(root, written))),
    scripts: npmScripts(markdown).filter((name) => !(name in scripts)),
  };
}
