import type { DataExportFile } from './download-data-export';

/** The file as an attachment that no cache keeps. */
export function dataExportFileResponse(file: DataExportFile): Response {
  return new Response(new Uint8Array(file.content), {
    status: 200,
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.content.byteLength),
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
