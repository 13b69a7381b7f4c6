const LOCAL_HOST = /^(localhost|[^:]+\.localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

/**
 * What an asset's QR label encodes: the absolute /q/<token> address of the tenant. A custom domain is the
 * tenant's public address wherever the page was opened; otherwise the host the reader is using, over https
 * except on a developer's own machine.
 */
export function qrCodeUrl(token: string, request: { host: string | null; forwardedProto: string | null; customDomain: string | null }): string {
  const host = request.customDomain ?? request.host ?? 'localhost';
  const proto = request.customDomain ? 'https' : (request.forwardedProto?.split(',')[0]?.trim() ?? (LOCAL_HOST.test(host) ? 'http' : 'https'));
  return `${proto}://${host}/q/${encodeURIComponent(token)}`;
}
