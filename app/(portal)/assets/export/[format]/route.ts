import { exportFormats, type ExportFormat } from '@/lib/lending/assets/schemas';
import { startAssetsExport } from '@/lib/lending/assets/start-assets-export';
import { streamAssetsExport } from '@/lib/lending/assets/stream-assets-export';
import { fileDownloadResponse } from '@/lib/transport/http/file-download';
import { httpOfError } from '@/lib/transport/http/http-of-error';
import { ExportLimitReachedError } from '@/lib/platform/export-lease/export-limit-reached-error';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { readAssetFilter } from '../../read-asset-filter';

const isFormat = (value: string): value is ExportFormat => (exportFormats as readonly string[]).includes(value);
const plainText = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } });

// The portal's download links: a browser sends its session cookie, never a bearer token.
export async function GET(request: Request, { params }: { params: Promise<{ format: string }> }): Promise<Response> {
  const portal = await requirePortalContext('ASSET_MANAGER');
  const { format } = await params;
  if (!isFormat(format)) return plainText(404, 'Unknown export format.');
  const { parsed } = readAssetFilter(new URL(request.url).searchParams);
  if (!parsed.success) return plainText(400, 'The filters are not valid.');
  try {
    const plan = await withPortalTransaction(portal, (tx, ctx) => startAssetsExport(tx, ctx, parsed.data, format));
    return fileDownloadResponse(streamAssetsExport(plan));
  } catch (error) {
    if (error instanceof ExportLimitReachedError) {
      // 429 with Retry-After, as the API answers it, in plain text for the browser.
      const { status, headers } = httpOfError(error);
      return plainText(status, error.message, headers);
    }
    throw error;
  }
}
