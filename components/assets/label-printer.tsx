'use client';

import { useState, useTransition } from 'react';
import type { IssuedLabel } from '@/lib/transport/portal/actions/label-actions';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { AssetQrCode } from './asset-qr-code';

type Props = {
  assetId: string;
  assetName: string;
  inventoryNumber: string;
  organisationName: string;
  hasLabel: boolean;
  issue: (input: { assetId: string }) => Promise<IssuedLabel>;
};

/**
 * The label exists only on this screen, right after it was issued: its secret is stored as a digest, so
 * printing again later means issuing a new one (which voids this one).
 */
export function LabelPrinter({ assetId, assetName, inventoryNumber, organisationName, hasLabel, issue }: Props) {
  const [label, setLabel] = useState<Extract<IssuedLabel, { ok: true }> | null>(null);
  // Whether the label just issued replaced one: hasLabel turns true once the page refreshes after the first issue.
  const [replaced, setReplaced] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const issueNew = () =>
    startTransition(async () => {
      const result = await issue({ assetId });
      if (result.ok) {
        setReplaced(hasLabel || label !== null);
        setLabel(result);
        setError(null);
      } else {
        setError(result.message);
      }
    });

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        {label ? <Button onClick={() => window.print()}>Print label</Button> : null}
        <Button onClick={issueNew} disabled={pending} variant={label || hasLabel ? 'secondary' : 'primary'}>
          {pending ? 'Issuing…' : hasLabel || label ? 'Issue a new label' : 'Issue the label'}
        </Button>
      </div>
      <div aria-live="polite" className="print:hidden">
        {error ? <FormMessage result={{ ok: false, message: error }} /> : null}
        {label ? (
          <FormMessage
            result={{ ok: true, message: replaced ? 'New label issued. The label printed before no longer works: print this one and stick it over the old one.' : 'Label issued. Print it and stick it on the asset.' }}
          />
        ) : null}
      </div>
      {label ? (
        <div
          id="asset-label"
          data-testid="asset-label"
          className="mx-auto flex w-full max-w-sm items-center gap-4 rounded-lg border-2 border-dashed border-slate-400 bg-white p-4"
        >
          <AssetQrCode value={label.url} size={120} title={`Label of ${assetName}`} />
          <div className="min-w-0 space-y-1">
            <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{organisationName}</p>
            <p className="text-lg leading-tight font-semibold break-words text-slate-900">{assetName}</p>
            <p className="font-mono text-sm text-slate-800">{inventoryNumber}</p>
            <p className="font-mono text-xs break-all text-slate-600" data-testid="label-secret">
              {label.secret}
            </p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
