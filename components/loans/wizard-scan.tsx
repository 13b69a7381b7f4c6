'use client';

import { useState } from 'react';
import type { AssetLookup } from '@/lib/transport/portal/actions/scan-actions';
import { Button } from '@/components/ui/button';
import { ScanPanel } from './scan-panel';

/** Step 1's other way in: the camera (or a typed code) opens in place and continues with the asset found. */
export function WizardScan({ lookUp }: { lookUp: (input: { code: string }) => Promise<AssetLookup> }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <Button variant="secondary" onClick={() => setOpen((value) => !value)} aria-expanded={open} aria-controls="wizard-scan-panel">
        {open ? 'Close scanner' : 'Scan QR code or type a code'}
      </Button>
      <div id="wizard-scan-panel" hidden={!open} className="mt-4">
        {open ? <ScanPanel mode="borrow" lookUp={lookUp} /> : null}
      </div>
    </div>
  );
}
