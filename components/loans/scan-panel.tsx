'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useId, useState, useTransition } from 'react';
import type { AssetLookup } from '@/lib/transport/portal/actions/scan-actions';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import type { ActionResult } from '@/lib/transport/portal/action-result';
import { extractScanTarget } from '@/lib/lending/scan/extract-scan-target';
import { QrScanner } from './qr-scanner';

type Props = {
  /** open: go to the asset (the QR return flow lives there); borrow: continue the loan wizard with it. */
  mode: 'open' | 'borrow';
  lookUp: (input: { code: string }) => Promise<AssetLookup>;
};

/** The camera scanner with typed entry beside it, for labels the camera cannot read or devices without one. */
export function ScanPanel({ mode, lookUp }: Props) {
  const router = useRouter();
  const inputId = useId();
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(true);
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();

  const follow = (text: string) => {
    const target = extractScanTarget(text, window.location.host);
    if (target.kind === 'foreign') {
      setResult({ ok: false, message: `This code points to another site (${target.host}); it was not opened.` });
      return;
    }
    if (target.kind === 'invalid') {
      setResult({ ok: false, message: 'That is not an asset code. Type the inventory number (e.g. ACME-00042) or the code printed under the QR label.' });
      return;
    }
    if (target.kind === 'asset') {
      // An asset page's public QR code: it only names the asset, so there is nothing to look up or prove.
      router.push(mode === 'open' ? `/assets/${target.assetId}` : `/loans/new?assetId=${target.assetId}`);
      return;
    }
    startTransition(async () => {
      const found = await lookUp({ code: target.kind === 'label' ? target.secret : target.code });
      if (!found.ok) {
        setResult({ ok: false, message: found.fieldErrors?.code?.[0] ?? found.message });
        return;
      }
      setResult({ ok: true, message: `Found ${found.name}. Opening…` });
      router.push(mode === 'open' ? found.href : `/loans/new?assetId=${found.assetId}`);
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    follow(code);
  };

  return (
    <div className="space-y-5">
      {camera ? (
        <QrScanner
          onDecoded={(text) => {
            setCamera(false);
            follow(text);
          }}
        />
      ) : (
        <div className="text-center">
          <Button variant="secondary" onClick={() => setCamera(true)}>
            Scan again
          </Button>
        </div>
      )}
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="Type a code">
        <Field label="Inventory number or code" htmlFor={inputId} hint="Also accepts a pasted QR link of this portal." className="flex-1">
          <Input id={inputId} name="code" value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" autoCapitalize="characters" spellCheck={false} required placeholder="ACME-00042" />
        </Field>
        <Button type="submit" disabled={pending} className="sm:mb-[1.375rem]">
          {pending ? 'Looking up…' : 'Find asset'}
        </Button>
      </form>
      <div aria-live="polite">
        <FormMessage result={result} />
      </div>
    </div>
  );
}
