import type { BackupFile } from './download-backup';

/** The file as an attachment; the same answer for the API and the portal's download link. */
export function backupFileResponse(file: BackupFile): Response {
  return new Response(new Uint8Array(file.content), {
    status: 200,
    headers: {
      'Content-Type': 'application/gzip',
      'Content-Length': String(file.content.byteLength),
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
