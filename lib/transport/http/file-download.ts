/** A file to hand over as a download: its bytes (or a stream of them), name and media type, and any headers of its own. */
export type DownloadFile = {
  filename: string;
  contentType: string;
  content: Uint8Array | ReadableStream<Uint8Array>;
  headers?: Record<string, string>;
};

/**
 * The file as an attachment that no cache keeps and no browser sniffs; the one download answer of the API and
 * the portal. Bytes in hand carry their Content-Length; a stream is sent as it is read.
 */
export function fileDownloadResponse(file: DownloadFile): Response {
  const bytes = file.content instanceof ReadableStream ? null : file.content;
  return new Response(bytes ? new Uint8Array(bytes) : (file.content as ReadableStream<Uint8Array>), {
    status: 200,
    headers: {
      'Content-Type': file.contentType,
      ...(bytes ? { 'Content-Length': String(bytes.byteLength) } : {}),
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...file.headers,
    },
  });
}
