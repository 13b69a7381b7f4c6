import { AssetPickList } from '@/components/loans/asset-pick-list';
import { AssetSearchBox } from '@/components/loans/asset-search-box';
import { AssetStatusBadge } from '@/components/assets/asset-status-badge';
import { AvailabilityList } from '@/components/loans/availability-list';
import { LoanDatesForm } from '@/components/loans/loan-dates-form';
import { LoanRequestForm } from '@/components/loans/loan-request-form';
import { WizardScan } from '@/components/loans/wizard-scan';
import { WizardSteps } from '@/components/loans/wizard-steps';
import { formatDate } from '@/lib/platform/format/dates';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { FormMessage } from '@/components/ui/form-message';
import { PageHeader } from '@/components/ui/page-header';
import { DomainError } from '@/lib/platform/core/errors';
import { listAssets } from '@/lib/lending/assets/list-assets';
import { ListAssetsQuery } from '@/lib/lending/assets/schemas';
import { checkLoanDates } from '@/lib/lending/loans/check-loan-dates';
import { findLoanAsset } from '@/lib/lending/loans/loan-asset';
import { getAvailability, getLoanDefaults } from '@/lib/lending/loans/loan-planning';
import { getLoanPolicy } from '@/lib/lending/loans/policy';
import { previewApprover } from '@/lib/lending/loans/preview-approver';
import { addDays, toIsoDate } from '@/lib/platform/time';
import { type PortalContext, requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { lookUpAssetAction } from '@/lib/transport/portal/actions/scan-actions';
import { checkLoanDatesAction, createLoanAction } from '@/lib/transport/portal/actions/loan-actions';

export const metadata = { title: 'Borrow an asset' };

type Search = { assetId?: string; q?: string; step?: string; start?: string; end?: string };

const RESULTS_SHOWN = 10;
const AVAILABILITY_DAYS = 120;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function one(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

async function ChooseAsset({ portal, query, notice }: { portal: PortalContext; query: string; notice?: string }) {
  const parsed = ListAssetsQuery.safeParse({ ...(query ? { q: query } : { status: 'AVAILABLE' }), limit: RESULTS_SHOWN });
  const page = parsed.success ? await withPortalTransaction(portal, (tx, ctx) => listAssets(tx, ctx, parsed.data)) : null;
  return (
    <Card aria-labelledby="step-heading">
      <CardHeader id="step-heading" title="Step 1: choose the asset" description="Search the catalogue, or scan the QR label of the asset in front of you." />
      <CardBody className="space-y-5">
        {notice ? <FormMessage result={{ ok: false, message: notice }} /> : null}
        <AssetSearchBox initialQuery={query} />
        {page ? (
          <AssetPickList assets={page.data} query={query} total={page.pagination.total} />
        ) : (
          <FormMessage result={{ ok: false, message: 'Use at most a few words, under 200 characters.' }} />
        )}
        <div className="border-t border-slate-100 pt-5">
          <WizardScan lookUp={lookUpAssetAction} />
        </div>
      </CardBody>
    </Card>
  );
}

/** The loan request wizard: every step's state is in the URL, so a refresh or the back button loses nothing. */
export default async function NewLoanPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const portal = await requirePortalContext();
  const raw = await searchParams;
  const search: Search = { assetId: one(raw.assetId), q: one(raw.q), step: one(raw.step), start: one(raw.start), end: one(raw.end) };
  const header = <PageHeader title="Borrow an asset" description="Three short steps: the asset, the dates, and what it is for." />;

  const asset =
    search.assetId && uuid.test(search.assetId)
      ? await withPortalTransaction(portal, (tx, ctx) => findLoanAsset(tx, ctx.organisationId, search.assetId!)).catch((error: unknown) => {
          if (error instanceof DomainError && error.kind === 'not_found') return null;
          throw error;
        })
      : null;
  if (!asset || asset.status === 'MAINTENANCE' || asset.status === 'RETIRED') {
    const notice = search.assetId
      ? asset
        ? `${asset.name} is ${asset.status === 'RETIRED' ? 'retired' : 'in maintenance'} and cannot be borrowed. Choose another asset.`
        : 'That asset does not exist. Choose another one.'
      : undefined;
    return (
      <div className="mx-auto max-w-3xl">
        {header}
        <WizardSteps current={1} />
        <ChooseAsset portal={portal} query={search.q ?? ''} notice={notice} />
      </div>
    );
  }

  const wantsStep3 = search.step === '3' && isoDate.test(search.start ?? '') && isoDate.test(search.end ?? '');
  const data = await withPortalTransaction(portal, async (tx, ctx) => {
    const today = toIsoDate(ctx.now);
    const [policy, defaults, availability, check, approver] = await Promise.all([
      getLoanPolicy(tx, ctx.organisationId),
      getLoanDefaults(tx, ctx, asset.id),
      getAvailability(tx, ctx, asset.id, today, addDays(today, AVAILABILITY_DAYS)),
      wantsStep3 ? checkLoanDates(tx, ctx, { assetId: asset.id, startDate: search.start!, endDate: search.end! }) : null,
      previewApprover(tx, ctx, asset.id),
    ]);
    return { today, policy, defaults, availability, check, approver };
  });
  const step = wantsStep3 && data.check?.ok ? 3 : 2;
  const start = search.start && isoDate.test(search.start) ? search.start : (data.defaults.startDate ?? '');
  const end = search.end && isoDate.test(search.end) ? search.end : (data.defaults.endDate ?? '');
  const prefill = !data.defaults.startDate
    ? ' No period that long is free within the booking window: pick the dates yourself.'
    : data.defaults.startDate > data.today
      ? ` The first free ${data.defaults.basedOnLoanId ? 'period as long as your last similar loan' : 'week'} is prefilled.`
      : data.defaults.basedOnLoanId
        ? ' Prefilled with the length of your last similar loan.'
        : '';
  const approverText =
    data.approver.kind === 'person'
      ? data.approver.name
      : data.approver.kind === 'any-manager'
        ? 'Any asset manager of your organisation'
        : 'Nobody: your organisation approves requests automatically';

  return (
    <div className="mx-auto max-w-3xl">
      {header}
      <WizardSteps current={step} />
      <div className="space-y-5">
        <Card aria-labelledby="asset-heading">
          <CardHeader id="asset-heading" title={asset.name} description={<span className="font-mono">{asset.inventoryNumber}</span>} action={<AssetStatusBadge status={asset.status} />} />
          <CardBody>
            <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Bookings in the next {AVAILABILITY_DAYS} days</h3>
            <AvailabilityList busy={data.availability.busy} pending={data.availability.pendingRequests} until={data.availability.to} />
          </CardBody>
        </Card>
        {step === 2 ? (
          <Card aria-labelledby="step-heading">
            <CardHeader
              id="step-heading"
              title="Step 2: pick the dates"
              description={`Loans last at most ${data.policy.maxLoanDays} days and can be booked up to ${data.policy.maxAdvanceBookingDays} days ahead.${prefill}`}
            />
            <CardBody>
              <LoanDatesForm
                assetId={asset.id}
                initialStart={start}
                initialEnd={end}
                today={data.today}
                latestStart={addDays(data.today, data.policy.maxAdvanceBookingDays)}
                initialCheck={data.check}
                checkAction={checkLoanDatesAction}
              />
            </CardBody>
          </Card>
        ) : (
          <Card aria-labelledby="step-heading">
            <CardHeader id="step-heading" title="Step 3: reason and approver" description="Tell your approver what it is for; you get an e-mail once they decide." />
            <CardBody className="space-y-5">
              <dl className="grid gap-4 rounded-lg bg-slate-50 p-4 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">Dates</dt>
                  <dd className="mt-1 font-medium text-slate-900" data-testid="summary-dates">
                    {formatDate(start)} – {formatDate(end)}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">Approver</dt>
                  <dd className="mt-1 font-medium text-slate-900" data-testid="summary-approver">
                    {approverText}
                  </dd>
                  <dd className="mt-0.5 text-xs text-slate-600">Chosen by your organisation’s approval rules.</dd>
                </div>
              </dl>
              <LoanRequestForm
                assetId={asset.id}
                startDate={start}
                endDate={end}
                suggestedPurpose={data.defaults.purpose}
                backHref={`/loans/new?assetId=${asset.id}&start=${start}&end=${end}`}
                action={createLoanAction}
              />
            </CardBody>
          </Card>
        )}
      </div>
    </div>
  );
}
