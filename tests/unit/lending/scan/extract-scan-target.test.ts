import { describe, expect, it } from 'vitest';
import { extractScanTarget } from '@/lib/lending/scan/extract-scan-target';

const host = 'acme.quartermaster.app';

describe('extractScanTarget', () => {
  it("reads the secret from a label's QR link of this host, whatever the scheme", () => {
    expect(extractScanTarget('https://acme.quartermaster.app/q/AbC_12-x', host)).toEqual({ kind: 'label', secret: 'AbC_12-x' });
    expect(extractScanTarget('http://ACME.quartermaster.app/q/AbC_12-x/', host)).toEqual({ kind: 'label', secret: 'AbC_12-x' });
    expect(extractScanTarget('  acme.quartermaster.app/q/tok  ', host)).toEqual({ kind: 'label', secret: 'tok' });
    expect(extractScanTarget('/q/tok', host)).toEqual({ kind: 'label', secret: 'tok' });
  });

  it("reads the asset id from an asset page's public QR link of this host", () => {
    const id = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
    expect(extractScanTarget(`https://acme.quartermaster.app/assets/${id}`, host)).toEqual({ kind: 'asset', assetId: id });
    expect(extractScanTarget(`/assets/${id.toUpperCase()}/`, host)).toEqual({ kind: 'asset', assetId: id });
    expect(extractScanTarget(`https://globex.quartermaster.app/assets/${id}`, host)).toEqual({ kind: 'foreign', host: 'globex.quartermaster.app' });
    expect(extractScanTarget('https://acme.quartermaster.app/assets/new', host)).toEqual({ kind: 'invalid' });
    expect(extractScanTarget(`https://acme.quartermaster.app/assets/${id}/edit`, host)).toEqual({ kind: 'invalid' });
  });

  it('keeps the port as part of the host', () => {
    expect(extractScanTarget('http://acme.localhost:3000/q/tok', 'acme.localhost:3000')).toEqual({ kind: 'label', secret: 'tok' });
    expect(extractScanTarget('http://acme.localhost:4000/q/tok', 'acme.localhost:3000')).toEqual({ kind: 'foreign', host: 'acme.localhost:4000' });
  });

  it('never follows another host, another tenant, credentials or a protocol-relative link', () => {
    expect(extractScanTarget('https://evil.example/q/tok', host)).toEqual({ kind: 'foreign', host: 'evil.example' });
    expect(extractScanTarget('https://globex.quartermaster.app/q/tok', host)).toEqual({ kind: 'foreign', host: 'globex.quartermaster.app' });
    expect(extractScanTarget('//evil.example/q/tok', host)).toEqual({ kind: 'foreign', host: 'evil.example' });
    expect(extractScanTarget('https://acme.quartermaster.app@evil.example/q/tok', host)).toEqual({ kind: 'foreign', host: 'evil.example' });
    expect(extractScanTarget('https://user:pw@acme.quartermaster.app/q/tok', host)).toEqual({ kind: 'foreign', host });
  });

  // Issue 11, finding 1 was an open redirect through URL normalisation. A scanned URL is never followed
  // itself: only a token of [A-Za-z0-9_-] survives, so dot segments, backslashes, encoded slashes and
  // stripped tabs can at most point at this host's /q/ path.
  it('is not fooled by what the URL parser normalises', () => {
    for (const text of ['/.//evil.example/q/tok', '/%2e//evil.example/q/tok', '/\\evil.example/q/tok', '/q/%2e%2e', '/q/..%2fadmin', 'https://acme.quartermaster.app/q/tok%2f..', 'acme.quartermaster.app\\@evil.example/q/tok']) {
      expect(extractScanTarget(text, host)).toEqual({ kind: 'invalid' });
    }
    for (const text of ['\\\\evil.example/q/tok', 'https:\\\\evil.example/q/tok', 'https://evil.exa\tmple/q/tok', 'https://acme.quartermaster.app\t@evil.example/q/tok', 'https://acme.quartermaster.app%2f@evil.example/q/tok']) {
      expect(extractScanTarget(text, host)).toEqual({ kind: 'foreign', host: 'evil.example' });
    }
  });

  it('refuses other schemes and other paths of this host', () => {
    expect(extractScanTarget('javascript:alert(1)', host)).toEqual({ kind: 'invalid' });
    expect(extractScanTarget('data:text/html,hi', host)).toEqual({ kind: 'invalid' });
    expect(extractScanTarget('https://acme.quartermaster.app/admin/users', host)).toEqual({ kind: 'invalid' });
    expect(extractScanTarget('https://acme.quartermaster.app/q/a/b', host)).toEqual({ kind: 'invalid' });
    expect(extractScanTarget('/q/../admin', host)).toEqual({ kind: 'invalid' });
  });

  it('treats a bare word as a code to look up (inventory number or the secret under the label)', () => {
    expect(extractScanTarget('ACME-00042', host)).toEqual({ kind: 'code', code: 'ACME-00042' });
    expect(extractScanTarget(' acme-00042 ', host)).toEqual({ kind: 'code', code: 'acme-00042' });
    expect(extractScanTarget('two words', host)).toEqual({ kind: 'invalid' });
    expect(extractScanTarget('   ', host)).toEqual({ kind: 'invalid' });
    expect(extractScanTarget('x'.repeat(201), host)).toEqual({ kind: 'invalid' });
  });
});
