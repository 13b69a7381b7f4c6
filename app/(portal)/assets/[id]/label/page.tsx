import { headers } from 'next/headers';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { AssetQrCode } from '@/components/assets/asset-qr-code';
import { PrintButton } from '@/components/assets/print-button';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { NotFoundError } from '@/lib/core/errors';
import { findAssetRow } from '@/lib/assets/get-asset';
import { qrCodeUrl } from '@/lib/portal/qr-code-url';
import { requirePortalContext, withPortalTransaction } from '@/lib/portal/portal-context';
import { assetPageMetadata } from '../../asset-title';

export function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  return assetPageMetadata(params, (name) => `Label of ${name}`);
}

// On paper only the label is printed: the portal's header and this page's controls stay on screen.
const printStyles = `@media print {
  body * { visibility: hidden; }
  #asset-label, #asset-label * { visibility: visible; }
  #asset-label { position: absolute; left: 0; top: 0; box-shadow: none; border-color: #000; }
  @page { margin: 10mm; }
}`;

export default async function AssetLabelPage({ params }: { params: Promise<{ id: string }> }) {
  const portal = await requirePortalContext('EMPLOYEE');
  const { id } = await params;
  if (!z.uuid().safeParse(id).success) notFound();
  const asset = await withPortalTransaction(portal, (tx, ctx) => findAssetRow(tx, ctx, id)).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  const requestHeaders = await headers();
  const url = qrCodeUrl(asset.qrCodeToken, { host: requestHeaders.get('host'), forwardedProto: requestHeaders.get('x-forwarded-proto'), customDomain: portal.organisation.customDomain });
  return (
    <>
      <style>{printStyles}</style>
      <PageHeader
        title="Asset label"
        description="Print it and stick it on the asset: scanning it opens the asset, and returns a loan."
        actions={
          <>
            <Link href={`/assets/${asset.id}`} className={buttonClasses('secondary')}>
              Back to asset
            </Link>
            <PrintButton />
          </>
        }
      />
      <div
        id="asset-label"
        data-testid="asset-label"
        className="mx-auto flex w-full max-w-sm items-center gap-4 rounded-lg border-2 border-dashed border-slate-400 bg-white p-4"
      >
        <AssetQrCode value={url} size={120} title={`QR code of ${asset.name}`} />
        <div className="min-w-0 space-y-1">
          <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{portal.organisation.name}</p>
          <p className="text-lg leading-tight font-semibold break-words text-slate-900">{asset.name}</p>
          <p className="font-mono text-sm text-slate-800">{asset.inventoryNumber}</p>
        </div>
      </div>
    </>
  );
}
