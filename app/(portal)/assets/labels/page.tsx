import Link from 'next/link';
import { LabelSheet } from '@/components/assets/label-sheet';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { LabelSheetInput } from '@/lib/lending/assets/label-sheet';
import { listLabelIssuances } from '@/lib/lending/assets/list-label-issuances';
import { issueLabelSheetAction } from '@/lib/transport/portal/actions/label-actions';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';

export const metadata = { title: 'Print labels' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// On paper only the sheet is printed, three labels across and seven down an A4 page.
const printStyles = `@media print {
  @page { size: A4; margin: 10mm 8mm; }
  header, .print-hidden { display: none !important; }
  main { padding: 0 !important; max-width: none !important; }
  body, .bg-surface { background: #fff !important; }
  #label-sheet { display: grid !important; grid-template-columns: repeat(3, 1fr) !important; gap: 0 !important; width: 194mm; }
  #label-sheet > li { height: 39mm; break-inside: avoid; border: 0.2mm dashed #94a3b8; border-radius: 0; box-shadow: none; padding: 2.5mm; }
}`;

function idsOf(value: string | string[] | undefined): string[] {
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

function Refusal({ message }: { message: string }) {
  return (
    <div role="alert" data-testid="label-sheet-refusal" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <p className="font-medium">{message}</p>
      <p className="mt-1">In the asset list, tick the assets whose labels you want (or the box at the top for the whole page) and choose Print labels.</p>
    </div>
  );
}

// A sheet issues label secrets, which prove an asset is in hand at its return: asset managers only, as for one label.
export default async function LabelSheetPage({ searchParams }: { searchParams: SearchParams }) {
  const portal = await requirePortalContext('ASSET_MANAGER');
  const parsed = LabelSheetInput.safeParse({ assetIds: idsOf((await searchParams).ids) });
  const assets = parsed.success ? await withPortalTransaction(portal, (tx, ctx) => listLabelIssuances(tx, ctx, parsed.data.assetIds)) : [];
  const refusal = !parsed.success ? parsed.error.issues[0]!.message : assets.length === 0 ? 'None of the selected assets exists any more.' : null;
  const missing = parsed.success ? new Set(parsed.data.assetIds).size - assets.length : 0;
  return (
    <>
      <style>{printStyles}</style>
      <div className="print-hidden">
        <PageHeader
          title="Print labels"
          description="Labels for the assets you selected, on A4 sheets of 21: borrowers scan a label to return its asset."
          actions={
            <Link href="/assets" className={buttonClasses('secondary')}>
              Back to assets
            </Link>
          }
        />
      </div>
      {refusal ? (
        <Refusal message={refusal} />
      ) : (
        <LabelSheet
          assets={assets.map((asset) => ({ id: asset.assetId, name: asset.name, inventoryNumber: asset.inventoryNumber, labelled: Boolean(asset.issuedAt) }))}
          missing={missing}
          organisationName={portal.organisation.name}
          issue={issueLabelSheetAction}
        />
      )}
    </>
  );
}
