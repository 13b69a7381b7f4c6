const LOCAL_HOST = /^(localhost|[^:]+\.localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

export type TenantAddress = { host: string | null; forwardedProto: string | null; customDomain: string | null };

/**
 * An absolute address of the tenant for a QR code. A custom domain is the tenant's public address wherever the
 * page was opened; otherwise the host the reader is using, over https except on a developer's own machine.
 */
function tenantUrl(path: string, request: TenantAddress): string {
  const host = request.customDomain ?? request.host ?? 'localhost';
  const proto = request.customDomain ? 'https' : (request.forwardedProto?.split(',')[0]?.trim() ?? (LOCAL_HOST.test(host) ? 'http' : 'https'));
  return `${proto}://${host}${path}`;
}

/** The QR code anyone may see on the asset page: it names the asset and proves nothing. */
export function assetQrCodeUrl(assetId: string, request: TenantAddress): string {
  return tenantUrl(`/assets/${encodeURIComponent(assetId)}`, request);
}

/** The printed label's QR code: it carries the secret that proves the asset is in hand. */
export function labelQrCodeUrl(secret: string, request: TenantAddress): string {
  return tenantUrl(`/q/${encodeURIComponent(secret)}`, request);
}
