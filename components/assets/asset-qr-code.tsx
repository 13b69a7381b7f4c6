'use client';

import { QRCodeSVG } from 'qrcode.react';

/** The asset's QR label; data-qr-value carries the encoded address so tests and tools can read it back. */
export function AssetQrCode({ value, size = 160, title }: { value: string; size?: number; title: string }) {
  return (
    <div data-testid="asset-qr-code" data-qr-value={value} className="inline-block rounded-md bg-white p-2 ring-1 ring-slate-200">
      <QRCodeSVG value={value} size={size} level="M" marginSize={2} title={title} role="img" aria-label={title} />
    </div>
  );
}
