import { exportFormats, type ExportFormat } from '@/lib/assets/schemas';
import { startAssetsExport } from '@/lib/assets/start-assets-export';
import { streamAssetsExport } from '@/lib/assets/stream-assets-export';
import { requirePortalContext, withPortalTransaction } from '@/lib/portal/portal-context';
import { readAssetFilter } from '../../read-asset-filter';

const isFormat = (value: string): value is ExportFormat => (exportFormats as readonly string[]).includes(value);

// The portal's download links: a browser sends its session cookie, never a bearer token.
export async function GET(request: Request, { params }: { params: Promise<{ format: string }> }): Promise<Response> {
  const portal = await requirePortalContext('ASSET_MANAGER');
  const { format } = await params;
  if (!isFormat(format)) return new Response('Unknown export format.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const { parsed } = readAssetFilter(new URL(request.url).searchParams);
  if (!parsed.success) return new Response('The filters are not valid.', { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const plan = await withPortalTransaction(portal, (tx, ctx) => startAssetsExport(tx, ctx, parsed.data, format));
  return streamAssetsExport(plan);
}
