import Link from 'next/link';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import type { AssetDetail } from '@/lib/lending/assets/get-asset-detail';
import type { AssetLoanOutlook } from '@/lib/lending/loans/find-asset-loan-outlook';
import { AssetPhoto } from './asset-photo';
import { AssetQrCode } from './asset-qr-code';
import { checkInLoanAction } from '@/lib/transport/portal/actions/loan-actions';
import { AssetStatusBadge } from './asset-status-badge';
import { formatDate } from '@/lib/platform/format/dates';
import { HandOverButton } from './hand-over-button';
import { YourLoanPanel } from './your-loan-panel';

type Props = { detail: AssetDetail; outlook: AssetLoanOutlook; qrUrl: string; scannedToken: string | null; isManager: boolean };

export function OverviewTab({ detail, outlook, qrUrl, scannedToken, isManager }: Props) {
  const { asset, category, location, ownerName } = detail;
  const facts: [string, React.ReactNode][] = [
    ['Status', <AssetStatusBadge key="status" status={asset.status} />],
    ['Inventory number', <span key="inv" className="font-mono">{asset.inventoryNumber}</span>],
    ['Category', category.name],
    ['Location', location.name],
    ['Owner', ownerName ?? '—'],
    ['Manufacturer & model', [asset.manufacturer, asset.model].filter(Boolean).join(' ') || '—'],
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="space-y-6">
        <Card aria-labelledby="facts-heading">
          <CardHeader id="facts-heading" title="Key facts" />
          <CardBody className="grid gap-5 sm:grid-cols-[14rem_minmax(0,1fr)]">
            <AssetPhoto asset={asset} />
            <dl className="grid content-start gap-x-4 gap-y-2.5 text-sm sm:grid-cols-[auto_minmax(0,1fr)]" data-testid="asset-key-facts">
              {facts.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="font-medium text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          </CardBody>
        </Card>
        <Card aria-labelledby="lending-heading">
          <CardHeader id="lending-heading" title="Lending" />
          <CardBody className="space-y-2 text-sm text-slate-700" data-testid="asset-lending">
            {outlook.current ? (
              <p>
                On loan to <strong className="text-slate-900">{outlook.current.borrowerName}</strong> until <strong className="text-slate-900">{formatDate(outlook.current.loan.endDate)}</strong>
                {outlook.current.loan.overdue ? <strong className="text-red-700"> — overdue</strong> : null}.
              </p>
            ) : (
              <p>Nobody has this asset right now.</p>
            )}
            {outlook.current && isManager ? (
              <HandOverButton action={checkInLoanAction} loanId={outlook.current.loan.id} assetId={asset.id} label="Check in at the desk" pendingLabel="Checking in…" />
            ) : null}
            <p>
              {outlook.next ? (
                <>
                  Next booked from <strong className="text-slate-900">{formatDate(outlook.next.startDate)}</strong> to <strong className="text-slate-900">{formatDate(outlook.next.endDate)}</strong>.
                </>
              ) : (
                'No upcoming bookings.'
              )}
            </p>
          </CardBody>
        </Card>
      </div>
      <div className="space-y-6">
        <YourLoanPanel assetId={asset.id} assetStatus={asset.status} loan={outlook.mine} scannedToken={scannedToken} />
        <Card aria-labelledby="qr-heading">
          <CardHeader id="qr-heading" title="QR code" description="Scan it to open this asset. To return a loan, scan the label on the asset itself." />
          <CardBody className="flex flex-col items-center gap-3">
            <AssetQrCode value={qrUrl} title={`QR code of ${asset.name}`} />
            <p className="break-all text-center font-mono text-xs text-slate-500">{qrUrl}</p>
            {isManager ? (
              <Link href={`/assets/${asset.id}/label`} className="text-sm font-medium text-brand underline-offset-2 hover:underline">
                Print a label
              </Link>
            ) : null}
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
