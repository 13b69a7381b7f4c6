import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { z } from 'zod';
import { AssetStatusBadge } from '@/components/assets/asset-status-badge';
import { type AssetTab, AssetTabs, assetTabs } from '@/components/assets/asset-tabs';
import { AuditTab } from '@/components/assets/audit-tab';
import { type LoanHistoryFilters, LoanHistoryTab } from '@/components/assets/loan-history-tab';
import { MaintenanceTab } from '@/components/assets/maintenance-tab';
import { OverviewTab } from '@/components/assets/overview-tab';
import { SpecificationTab } from '@/components/assets/specification-tab';
import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { NotFoundError, ValidationError } from '@/lib/platform/core/errors';
import { findAssetByLabelSecret } from '@/lib/lending/assets/find-asset-by-label-secret';
import { getAssetDetail } from '@/lib/lending/assets/get-asset-detail';
import { listAuditEntries } from '@/lib/privacy/audit-log/list-audit-entries';
import { resolveAuditNames } from '@/lib/privacy/audit-log/resolve-audit-names';
import { hasRole } from '@/lib/platform/auth/roles';
import { findAssetLoanOutlook } from '@/lib/lending/loans/find-asset-loan-outlook';
import { listLoans } from '@/lib/lending/loans/list-loans';
import { ListLoansQuery } from '@/lib/lending/loans/schemas';
import { listMaintenance } from '@/lib/lending/maintenance/list-maintenance';
import { assetQrCodeUrl } from '@/lib/transport/portal/qr-code-url';
import { listUserNames } from '@/lib/people/users/list-user-names';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { assetPageMetadata } from '../asset-title';

export function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  return assetPageMetadata(params, (name) => name);
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const PAGE_SIZE = 20;

const doneMessages: Record<string, string> = {
  saved: 'Saved.',
  'picked-up': 'Picked up. Enjoy, and bring it back on time.',
  returned: 'Returned. Thank you!',
  'checked-in': 'Checked in at the desk. The asset is available again.',
};

function first(value: string | string[] | undefined): string {
  return ((Array.isArray(value) ? value[0] : value) ?? '').trim().slice(0, 512);
}

export default async function AssetPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const portal = await requirePortalContext('EMPLOYEE');
  const { id } = await params;
  if (!z.uuid().safeParse(id).success) notFound();
  const search = await searchParams;
  const isManager = hasRole(portal.user.role, 'ASSET_MANAGER');
  // The audit tab follows the API's rule (GET /assets/{id}/audit-log needs ASSET_MANAGER).
  const tabs = assetTabs.map((tab) => tab.id).filter((tab) => tab !== 'audit' || isManager);
  const requested = first(search.tab) as AssetTab;
  const tab: AssetTab = tabs.includes(requested) ? requested : 'overview';
  const scan = first(search.scan) || null;
  const cursor = first(search.cursor);
  const loanFilters: LoanHistoryFilters = { from: first(search.from), to: first(search.to), cursor };

  const data = await withPortalTransaction(portal, async (tx, ctx) => {
    const detail = await getAssetDetail(tx, ctx, id);
    // Only a scan of this asset's current label counts; returnLoan verifies the secret once more.
    const scanned = scan ? await findAssetByLabelSecret(tx, ctx, scan).then((found) => found.id === id, () => false) : false;
    switch (tab) {
      case 'overview':
        return { tab, detail, scanned, outlook: await findAssetLoanOutlook(tx, ctx, id) } as const;
      case 'specification':
        return { tab, detail, scanned } as const;
      case 'loans': {
        const query = ListLoansQuery.safeParse({ assetId: id, from: loanFilters.from || undefined, to: loanFilters.to || undefined, cursor: cursor || undefined, limit: PAGE_SIZE });
        const valid = query.success && !(query.data.from && query.data.to && query.data.to < query.data.from);
        const page = valid ? await listLoans(tx, ctx, query.data) : null;
        const names = await listUserNames(tx, ctx.organisationId, page?.data.map((loan) => loan.requesterId) ?? []);
        return { tab, detail, scanned, page, names } as const;
      }
      case 'maintenance':
        return { tab, detail, scanned, list: await listMaintenance(tx, ctx, id) } as const;
      case 'audit': {
        const page = await listAuditEntries(tx, ctx, { assetId: id, cursor: cursor || undefined, limit: PAGE_SIZE });
        return { tab, detail, scanned, page, auditNames: await resolveAuditNames(tx, ctx.organisationId, page.data) } as const;
      }
    }
  }).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    // A stale cursor in a shared link starts the same tab from the newest entry.
    if (error instanceof ValidationError && cursor) redirect(`/assets/${id}?tab=${tab}`);
    throw error;
  });
  const { asset, category } = data.detail;
  const requestHeaders = await headers();
  const qrUrl = assetQrCodeUrl(asset.id, {
    host: requestHeaders.get('host'),
    forwardedProto: requestHeaders.get('x-forwarded-proto'),
    customDomain: portal.organisation.customDomain,
  });
  const scannedToken = data.scanned ? scan : null;

  return (
    <>
      <PageHeader
        title={asset.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono">{asset.inventoryNumber}</span>
            <span aria-hidden="true">·</span>
            <span>{category.name}</span>
            <AssetStatusBadge status={asset.status} />
          </span>
        }
        actions={
          <>
            {asset.status === 'AVAILABLE' ? (
              <ButtonLink href={`/loans/new?assetId=${asset.id}`} variant="secondary">
                Borrow
              </ButtonLink>
            ) : null}
            {asset.status === 'AVAILABLE' && isManager ? (
              <ButtonLink href={`/loans/checkout?assetId=${asset.id}`} variant="secondary">
                Check out to someone
              </ButtonLink>
            ) : null}
            {isManager ? <ButtonLink href={`/assets/${asset.id}/edit`}>Edit asset</ButtonLink> : null}
          </>
        }
      />
      {doneMessages[first(search.done)] ? (
        <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
          {doneMessages[first(search.done)]}
        </p>
      ) : null}
      {scannedToken ? (
        <p role="status" className="mb-4 rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-900">
          You opened this asset by scanning its label.
        </p>
      ) : null}
      <AssetTabs assetId={asset.id} current={tab} tabs={tabs} scan={scannedToken ?? undefined} />
      <div id="asset-tab-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} className="mt-6">
        {data.tab === 'overview' ? <OverviewTab detail={data.detail} outlook={data.outlook} qrUrl={qrUrl} scannedToken={scannedToken} isManager={isManager} /> : null}
        {data.tab === 'specification' ? <SpecificationTab detail={data.detail} /> : null}
        {data.tab === 'loans' ? <LoanHistoryTab assetId={asset.id} page={data.page} names={data.names} filters={loanFilters} ownOnly={!isManager} /> : null}
        {data.tab === 'maintenance' ? <MaintenanceTab assetId={asset.id} list={data.list} canEdit={isManager} currency={asset.currency} /> : null}
        {data.tab === 'audit' ? <AuditTab assetId={asset.id} page={data.page} names={data.auditNames} cursor={cursor} /> : null}
      </div>
    </>
  );
}
