'use client';

import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import type { IssuedLabelSheet } from '@/lib/transport/portal/actions/label-actions';
import { AssetQrCode } from './asset-qr-code';

type SheetAsset = { id: string; name: string; inventoryNumber: string; labelled: boolean };
type Issued = Extract<IssuedLabelSheet, { ok: true }>['labels'];
type Props = {
  assets: SheetAsset[];
  /** Selected assets that no longer exist (deleted meanwhile). */
  missing: number;
  organisationName: string;
  issue: (input: { assetIds: string[] }) => Promise<IssuedLabelSheet>;
};

const LABELS_PER_PAGE = 21;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A label's secret is stored only as a digest, so a sheet cannot reprint labels: it issues new ones. The manager
 * sees first which assets already carry a label that printing voids, and may leave those out.
 */
export function LabelSheet({ assets, missing, organisationName, issue }: Props) {
  const [issued, setIssued] = useState<Issued | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const labelled = assets.filter((asset) => asset.labelled);
  const unlabelled = assets.filter((asset) => !asset.labelled);

  const issueFor = (chosen: SheetAsset[]) =>
    startTransition(async () => {
      const result = await issue({ assetIds: chosen.map((asset) => asset.id) });
      if (result.ok) {
        setIssued(result.labels);
        setError(null);
      } else {
        setError(result.message);
      }
    });

  if (issued) {
    const byId = new Map(assets.map((asset) => [asset.id, asset]));
    return (
      <div className="space-y-5">
        <div className="flex flex-wrap items-center gap-3 print-hidden" aria-live="polite">
          <FormMessage
            className="min-w-0 flex-1"
            result={{ ok: true, message: `${count(issued.length, 'label', 'labels')} issued, on ${count(Math.ceil(issued.length / LABELS_PER_PAGE), 'A4 page', 'A4 pages')}. Print the sheet and stick each label on its asset.` }}
          />
          <Button onClick={() => window.print()}>Print sheet</Button>
        </div>
        <ul id="label-sheet" aria-label="Labels" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {issued.map((label) => {
            const asset = byId.get(label.assetId)!;
            return (
              <li key={label.assetId} data-testid="sheet-label" className="flex items-center gap-3 overflow-hidden rounded-lg border-2 border-dashed border-slate-300 bg-white p-3">
                <AssetQrCode value={label.url} size={96} title={`Label of ${asset.name}`} />
                <div className="min-w-0 space-y-0.5">
                  <p className="text-[10px] font-medium tracking-wide text-slate-600 uppercase">{organisationName}</p>
                  <p className="line-clamp-3 text-sm leading-tight font-semibold text-slate-900">{asset.name}</p>
                  <p className="font-mono text-xs text-slate-800">{asset.inventoryNumber}</p>
                  <p className="font-mono text-[10px] break-all text-slate-600">{label.secret}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    );
  }

  return (
    <section aria-labelledby="sheet-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm">
      <h2 id="sheet-heading" className="text-base font-semibold text-slate-900">
        {count(assets.length, 'label', 'labels')} to print
      </h2>
      <div className="space-y-2 text-sm text-slate-700" data-testid="sheet-summary">
        <p>
          Printing issues a new label for each asset, on {count(Math.ceil(assets.length / LABELS_PER_PAGE), 'A4 page', 'A4 pages')}. A label is shown only when it is
          issued, so print the sheet straight away.
        </p>
        {labelled.length > 0 ? (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-950">
            {labelled.length === assets.length ? 'Every one of these assets already has a label' : count(labelled.length, 'of these assets already has a label', 'of these assets already have a label')}: its new label
            replaces it, and the old one stops working for returns.
          </p>
        ) : null}
        {missing > 0 ? <p>{count(missing, 'selected asset no longer exists and is left out.', 'selected assets no longer exist and are left out.')}</p> : null}
      </div>
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm" aria-label="Selected assets">
        {assets.map((asset) => (
          <li key={asset.id} data-testid="sheet-asset" className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 px-3 py-2">
            <span className="min-w-0 font-medium text-slate-900">
              {asset.name} <span className="font-mono text-xs font-normal text-slate-600">{asset.inventoryNumber}</span>
            </span>
            <span className={asset.labelled ? 'text-amber-800' : 'text-slate-600'}>{asset.labelled ? 'Has a label: it will be replaced' : 'No label yet'}</span>
          </li>
        ))}
      </ul>
      {error ? <FormMessage result={{ ok: false, message: error }} /> : null}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => issueFor(assets)} disabled={pending}>
          {pending ? 'Issuing…' : `Issue and print ${count(assets.length, 'label', 'labels')}`}
        </Button>
        {labelled.length > 0 && unlabelled.length > 0 ? (
          <Button variant="secondary" onClick={() => issueFor(unlabelled)} disabled={pending}>
            {unlabelled.length === 1 ? 'Only the one without a label' : `Only the ${unlabelled.length} without a label`}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
