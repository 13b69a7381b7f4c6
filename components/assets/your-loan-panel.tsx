import Link from 'next/link';
import { ButtonLink, buttonClasses } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import type { Loan } from '@/lib/lending/loans/schemas';
import { pickUpLoanAction, returnLoanAction } from '@/lib/transport/portal/actions/loan-actions';
import { formatDate } from '@/lib/platform/format/dates';
import { HandOverButton } from './hand-over-button';

type Props = { assetId: string; assetStatus: string; loan: Loan | null; scannedToken: string | null };

/** The reader's own next step with this asset: pick it up, return it (only with the label scanned), or borrow it. */
export function YourLoanPanel({ assetId, assetStatus, loan, scannedToken }: Props) {
  return (
    <Card aria-labelledby="your-loan-heading">
      <CardHeader id="your-loan-heading" title="Your loan" />
      <CardBody className="space-y-3 text-sm text-slate-700">
        {loan?.status === 'APPROVED' ? (
          <>
            <p>
              Your loan is approved from <strong>{formatDate(loan.startDate)}</strong> to <strong>{formatDate(loan.endDate)}</strong>. Pick it up when you take the asset.
            </p>
            <HandOverButton action={pickUpLoanAction} loanId={loan.id} assetId={assetId} label="Pick up" pendingLabel="Picking up…" />
          </>
        ) : loan?.status === 'ACTIVE' ? (
          <>
            <p>
              You have this asset until <strong>{formatDate(loan.endDate)}</strong>
              {loan.overdue ? <strong className="text-red-700"> (overdue)</strong> : null}.
            </p>
            {scannedToken ? (
              <HandOverButton action={returnLoanAction} loanId={loan.id} assetId={assetId} qrCodeToken={scannedToken} label="Return" pendingLabel="Returning…" />
            ) : (
              <div className="space-y-3 rounded-md bg-slate-50 p-3" data-testid="return-needs-scan">
                <p>Scan the label on the asset to return it, or hand it in at the desk. That way we know it is back in hand.</p>
                <Link href="/scan" className={buttonClasses('secondary', 'sm')}>
                  Scan the label
                </Link>
              </div>
            )}
          </>
        ) : assetStatus === 'AVAILABLE' ? (
          <>
            <p>You have no loan of this asset. It is available to borrow.</p>
            <ButtonLink href={`/loans/new?assetId=${assetId}`}>Borrow this asset</ButtonLink>
          </>
        ) : (
          <p>You have no loan of this asset right now. See your requests in <Link href="/loans" className="font-medium text-brand underline-offset-2 hover:underline">My loans</Link>.</p>
        )}
      </CardBody>
    </Card>
  );
}
