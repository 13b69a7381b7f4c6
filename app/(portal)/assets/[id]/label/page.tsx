import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { LabelPrinter } from '@/components/assets/label-printer';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { NotFoundError } from '@/lib/platform/core/errors';
import { findAssetRow } from '@/lib/lending/assets/get-asset';
import { issueLabelAction } from '@/lib/transport/portal/actions/label-actions';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
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

const issuedFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

// The label carries the secret that proves an asset is in hand at its return, so only asset managers print it.
export default async function AssetLabelPage({ params }: { params: Promise<{ id: string }> }) {
  const portal = await requirePortalContext('ASSET_MANAGER');
  const { id } = await params;
  if (!z.uuid().safeParse(id).success) notFound();
  const asset = await withPortalTransaction(portal, (tx, ctx) => findAssetRow(tx, ctx, id)).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  const current = asset.labelIssuedAt
    ? `The label on the asset was issued on ${issuedFormat.format(asset.labelIssuedAt)}. Issuing a new one makes it stop working.`
    : 'This asset has no label yet, so its borrowers cannot return it by scanning.';
  return (
    <>
      <style>{printStyles}</style>
      <PageHeader
        title="Asset label"
        description="Stick the label on the asset: borrowers scan it to return the asset, which proves it is back in hand."
        actions={
          <Link href={`/assets/${asset.id}`} className={buttonClasses('secondary')}>
            Back to asset
          </Link>
        }
      />
      <p className="mb-4 text-sm text-slate-700" data-testid="label-status">
        {current}
      </p>
      <LabelPrinter
        assetId={asset.id}
        assetName={asset.name}
        inventoryNumber={asset.inventoryNumber}
        organisationName={portal.organisation.name}
        hasLabel={Boolean(asset.labelIssuedAt)}
        issue={issueLabelAction}
      />
    </>
  );
}
