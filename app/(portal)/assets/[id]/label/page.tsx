import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { LabelPrinter } from '@/components/assets/label-printer';
import { LabelStatus } from '@/components/assets/label-status';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { listLabelIssuances } from '@/lib/lending/assets/list-label-issuances';
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

// The label carries the secret that proves an asset is in hand at its return, so only asset managers print it.
export default async function AssetLabelPage({ params }: { params: Promise<{ id: string }> }) {
  const portal = await requirePortalContext('ASSET_MANAGER');
  const { id } = await params;
  if (!z.uuid().safeParse(id).success) notFound();
  const [asset] = await withPortalTransaction(portal, (tx, ctx) => listLabelIssuances(tx, ctx, [id]));
  if (!asset) notFound();
  return (
    <>
      <style>{printStyles}</style>
      <PageHeader
        title="Asset label"
        description="Stick the label on the asset: borrowers scan it to return the asset, which proves it is back in hand."
        actions={
          <Link href={`/assets/${asset.assetId}`} className={buttonClasses('secondary')}>
            Back to asset
          </Link>
        }
      />
      <LabelStatus issuance={asset} viewerId={portal.user.id} />
      <LabelPrinter
        assetId={asset.assetId}
        assetName={asset.name}
        inventoryNumber={asset.inventoryNumber}
        organisationName={portal.organisation.name}
        hasLabel={Boolean(asset.issuedAt)}
        issue={issueLabelAction}
      />
    </>
  );
}
