'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { formatDate } from '@/lib/platform/format/dates';
import { Button, ButtonLink } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import type { LoanDatesCheck } from '@/lib/lending/loans/check-loan-dates';
import type { ActionOutcome } from '@/lib/transport/portal/portal-action';

type CheckAction = (input: { assetId: string; startDate: string; endDate: string }) => Promise<ActionOutcome<{ check: LoanDatesCheck }>>;
type Props = { assetId: string; initialStart: string; initialEnd: string; today: string; latestStart: string; initialCheck: LoanDatesCheck | null; checkAction: CheckAction };

const DEBOUNCE_MS = 300;

/**
 * Step 2: the dates, checked as they change by the same rules the request will meet, so a conflict or a
 * policy limit shows before anything is filed. Continue carries the dates in the URL to step 3.
 */
export function LoanDatesForm({ assetId, initialStart, initialEnd, today, latestStart, initialCheck, checkAction }: Props) {
  const [start, setStart] = useState(initialStart);
  const [end, setEnd] = useState(initialEnd);
  const [check, setCheck] = useState<LoanDatesCheck | { error: string } | null>(initialCheck);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    if (!start || !end) return;
    let current = true;
    const timer = setTimeout(() => {
      setChecking(true);
      checkAction({ assetId, startDate: start, endDate: end }).then((result) => {
        if (!current) return;
        setCheck(result.ok ? result.check : { error: result.fieldErrors ? Object.values(result.fieldErrors).flat().join(' ') : result.message });
        setChecking(false);
      });
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [assetId, start, end, checkAction]);

  const result = check && 'ok' in check ? check : null;
  const startError = result?.problems.filter((p) => p.field === 'startDate').map((p) => p.message).join(' ');
  const endError = result?.problems.filter((p) => p.field === 'endDate').map((p) => p.message).join(' ');
  const blocked = !start || !end || checking || (check !== null && 'error' in check) || result?.ok === false;

  return (
    <form action="/loans/new" method="get" className="space-y-5" noValidate>
      <input type="hidden" name="assetId" value={assetId} />
      <input type="hidden" name="step" value="3" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Pickup date" htmlFor="loan-start" error={startError || undefined}>
          <Input id="loan-start" type="date" name="start" value={start} min={today} max={latestStart} onChange={(event) => setStart(event.target.value)} required aria-invalid={startError ? true : undefined} aria-describedby={startError ? 'loan-start-error' : undefined} />
        </Field>
        <Field label="Return date" htmlFor="loan-end" error={endError || undefined}>
          <Input id="loan-end" type="date" name="end" value={end} min={start || today} onChange={(event) => setEnd(event.target.value)} required aria-invalid={endError ? true : undefined} aria-describedby={endError ? 'loan-end-error' : undefined} />
        </Field>
      </div>
      <div aria-live="polite" data-testid="date-check">
        {checking ? <p className="text-sm text-slate-600">Checking availability…</p> : null}
        {!checking && check && 'error' in check ? <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">{check.error}</p> : null}
        {!checking && result ? <CheckOutcome check={result} /> : null}
      </div>
      <div className="flex flex-wrap justify-between gap-3">
        <ButtonLink href="/loans/new" variant="ghost">
          Back: choose another asset
        </ButtonLink>
        <Button type="submit" disabled={blocked}>
          Continue
        </Button>
      </div>
    </form>
  );
}

function CheckOutcome({ check }: { check: LoanDatesCheck }) {
  return (
    <div className="space-y-2">
      {check.conflicts.map((conflict) => (
        <p key={`${conflict.startDate}-${conflict.endDate}`} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="date-conflict">
          Conflicts with {conflict.status === 'ACTIVE' ? 'a loan in progress' : 'an approved loan'} from {formatDate(conflict.startDate)} to {formatDate(conflict.endDate)}. Pick dates outside that range.
        </p>
      ))}
      {check.pendingOverlaps.map((pending) => (
        <p key={`${pending.startDate}-${pending.endDate}-${pending.mine}`} className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="date-pending-overlap">
          {pending.mine ? 'You already asked' : 'Someone else has asked'} for {formatDate(pending.startDate)} to {formatDate(pending.endDate)};{' '}
          {pending.loanId ? (
            <Link href={`/loans/${pending.loanId}`} className="font-medium underline">
              that request
            </Link>
          ) : (
            'that request'
          )}{' '}
          is still waiting for a decision, so only one of them can be approved.
        </p>
      ))}
      {check.ok && check.pendingOverlaps.length === 0 ? (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900" data-testid="date-ok">
          Free for these dates.
        </p>
      ) : null}
    </div>
  );
}
