/**
 * What a scanned or typed code points at: a label's secret, an asset's public QR code (its page), a code to
 * look up, or nothing we may follow.
 */
export type ScanTarget =
  | { kind: 'label'; secret: string }
  | { kind: 'asset'; assetId: string }
  | { kind: 'code'; code: string }
  | { kind: 'foreign'; host: string }
  | { kind: 'invalid' };

const MAX_CODE_LENGTH = 200;
const LABEL_PATH = /^\/q\/([A-Za-z0-9_-]{1,100})\/?$/;
const ASSET_PATH = /^\/assets\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

function fromPath(pathname: string): ScanTarget {
  const label = LABEL_PATH.exec(pathname);
  if (label) return { kind: 'label', secret: label[1]! };
  const asset = ASSET_PATH.exec(pathname);
  return asset ? { kind: 'asset', assetId: asset[1]!.toLowerCase() } : { kind: 'invalid' };
}

/**
 * Reads what a camera or a person produced. A URL is only ever reduced to a label secret or an asset id, and
 * only when it names this very host: the caller turns it into a path of its own, so no scanned text can send
 * anyone to another site (open redirect) or another tenant.
 */
export function extractScanTarget(raw: string, currentHost: string): ScanTarget {
  const text = raw.trim();
  if (text.length === 0 || text.length > MAX_CODE_LENGTH) return { kind: 'invalid' };
  if (text.startsWith('/') && !text.startsWith('//')) return fromPath(text);
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text);
  if (hasScheme || text.startsWith('//') || text.includes('/')) {
    let url: URL;
    try {
      url = new URL(hasScheme ? text : `https://${text.replace(/^\/\//, '')}`);
    } catch {
      return { kind: 'invalid' };
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'invalid' };
    if (url.username || url.password || url.host.toLowerCase() !== currentHost.toLowerCase()) return { kind: 'foreign', host: url.host };
    return fromPath(url.pathname);
  }
  if (/\s/.test(text)) return { kind: 'invalid' };
  return { kind: 'code', code: text };
}
