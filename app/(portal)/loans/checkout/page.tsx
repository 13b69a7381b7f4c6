import { notFound } from 'next/navigation';
import { z } from 'zod';
import { AssetStatusBadge } from '@/components/assets/asset-status-badge';
import { CheckOutForm } from '@/components/loans/check-out-form';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { FormMessage } from '@/components/ui/form-message';
import { PageHeader } from '@/components/ui/page-header';
import { NotFoundError } from '@/lib/platform/core/errors';
import { findLoanAsset } from '@/lib/lending/loans/loan-asset';
import { getLoanPolicy } from '@/lib/lending/loans/policy';
import { addDays, toIsoDate } from '@/lib/platform/time';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';

export const metadata = { title: 'Check out at the desk' };

const DEFAULT_DAYS = 7;

/** An asset manager hands an asset over to a person at the desk: approved and picked up in one step. */
export default async function CheckOutPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const portal = await requirePortalContext('ASSET_MANAGER');
  const assetId = (await searchParams).assetId;
  if (typeof assetId !== 'string' || !z.uuid().safeParse(assetId).success) notFound();
  const { asset, policy } = await withPortalTransaction(portal, async (tx, ctx) => ({
    asset: await findLoanAsset(tx, ctx.organisationId, assetId),
    policy: await getLoanPolicy(tx, ctx.organisationId),
  })).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  const today = toIsoDate(portal.now);
  const latestEnd = addDays(today, policy.maxLoanDays - 1);
  const defaultEnd = addDays(today, Math.min(DEFAULT_DAYS, policy.maxLoanDays) - 1);
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title="Check out at the desk"
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="break-words">{asset.name}</span>
            <span aria-hidden="true">·</span>
            <span className="font-mono">{asset.inventoryNumber}</span>
            <AssetStatusBadge status={asset.status} />
          </span>
        }
      />
      <Card aria-labelledby="checkout-heading">
        <CardHeader id="checkout-heading" title="Hand it over now" description="For someone standing in front of you: the loan is approved and starts today, without a request." />
        <CardBody>
          {asset.status === 'AVAILABLE' ? (
            <CheckOutForm assetId={asset.id} today={today} latestEnd={latestEnd} defaultEnd={defaultEnd} backHref={`/assets/${asset.id}`} />
          ) : (
            <FormMessage result={{ ok: false, message: 'This asset is not on the shelf right now, so it cannot be checked out. Open the asset to see where it is.' }} />
          )}
        </CardBody>
      </Card>
    </div>
  );
}
