import type { AssetPhoto } from './get-asset-photo';

/**
 * The photo as an HTTP response for the API and the portal alike. Private: it is tenant data behind a
 * sign-in; the ETag lets a browser revalidate cheaply instead of downloading the image again.
 */
export function photoResponse(request: Request, photo: AssetPhoto): Response {
  const etag = `"${photo.uploadedAt.getTime().toString(36)}-${photo.sizeBytes.toString(36)}"`;
  const headers = {
    'Content-Type': photo.contentType,
    'Cache-Control': 'private, max-age=300, must-revalidate',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'",
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(photo.content), { status: 200, headers: { ...headers, 'Content-Length': String(photo.sizeBytes) } });
}
