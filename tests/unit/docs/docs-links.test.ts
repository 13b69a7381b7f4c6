import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkDocument, documentationFiles, headingAnchors, npmScripts, relativeLinks, repositoryPaths } from '@/tests/support/check-docs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const { scripts } = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> };
const files = documentationFiles(root);

describe('README.md and docs/', () => {
  it('are found: the README and the pages of every audience', () => {
    expect(files).toContain('README.md');
    for (const page of ['docs/architecture.md', 'docs/guide/README.md', 'docs/api/README.md', 'docs/privacy/README.md', 'docs/registry/README.md', 'docs/operations/README.md', 'docs/adr/README.md']) {
      expect(files).toContain(page);
    }
  });

  it('link only to files and headings that exist', () => {
    const broken = files.flatMap((file) => checkDocument(root, file, scripts).links.map((link) => `${file}: ${link}`));
    expect(broken).toEqual([]);
  });

  it('name only repository paths that exist', () => {
    const missing = files.flatMap((file) => checkDocument(root, file, scripts).paths.map((written) => `${file}: ${written}`));
    expect(missing).toEqual([]);
  });

  it('run only npm scripts that package.json defines', () => {
    const unknown = files.flatMap((file) => checkDocument(root, file, scripts).scripts.map((name) => `${file}: npm run ${name}`));
    expect(unknown).toEqual([]);
  });

  it("keep the README's two commands, which CI's .ci/run finds and runs", () => {
    const readme = readFileSync(`${root}README.md`, 'utf8');
    expect(readme).toContain('```bash\nnpm install && npm run demo\n```');
    expect(readme).toContain('```bash\nnpm install && npm test\n```');
    expect(readFileSync(`${root}.ci/run`, 'utf8')).toMatch(/^npm test$/m);
  });
});

describe('the checks themselves', () => {
  const page = [
    '# Erasure and the deletion ledger',
    '## Erasure requests',
    '## Registry sync (out)',
    '## Your data: export',
    '## Erasure requests',
    'See [the ledger](../privacy/erasure.md#erasure-requests), [the web](https://example.com) and [here](#your-data-export).',
    'Written `lib/loans/approve-loan.ts`, `lib/<domain>/*`, `npx tsx bench/run.ts`, `proxy.ts` and `GET /api/v1/loans`.',
    '```bash',
    'npm run --silent token -- acme-manager # `lib/in-a-fence.ts` [not a link](nowhere.md)',
    '```',
    'Then `npm run demo` and npm test.',
  ].join('\n');

  it('make anchors as GitHub does, numbering a repeated heading', () => {
    expect([...headingAnchors(page)]).toEqual(['erasure-and-the-deletion-ledger', 'erasure-requests', 'registry-sync-out', 'your-data-export', 'erasure-requests-1']);
  });

  it('find relative links outside code, and leave external ones out', () => {
    expect(relativeLinks(page)).toEqual(['../privacy/erasure.md#erasure-requests', '#your-data-export']);
  });

  it('find repository paths in backticks, cut where a placeholder starts', () => {
    expect(repositoryPaths(page)).toEqual(['lib/loans/approve-loan.ts', 'lib/', 'bench/run.ts', 'proxy.ts']);
  });

  it('find npm scripts, fenced or not, past their flags', () => {
    expect(npmScripts(page)).toEqual(['token', 'demo', 'test']);
  });

  it('report a link to a missing file or heading, a missing path and an unknown script', () => {
    const problems = checkDocument(root, 'tests/unit/docs/fixtures/broken.md', scripts);
    expect(problems).toEqual({
      links: ['missing.md (no such file)', '../../../../README.md#no-such-heading (no such heading)'],
      paths: ['lib/no-such-folder/file.ts', 'no-such-top-level-file.ts'],
      scripts: ['no-such-script'],
    });
  });
});
