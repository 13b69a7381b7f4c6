import { notFound, redirect } from 'next/navigation';
import { NotFoundError } from '@/lib/platform/core/errors';
import { findAssetByLabelSecret } from '@/lib/lending/assets/find-asset-by-label-secret';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';

// What an asset's printed label encodes: its secret, which offers the return of the reader's loan of it. Signed-out readers go through sign-in and come back here (requirePortalContext).
export default async function QrCodePage({ params }: { params: Promise<{ token: string }> }) {
  const portal = await requirePortalContext('EMPLOYEE');
  const { token } = await params;
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(token)) notFound();
  const asset = await withPortalTransaction(portal, (tx, ctx) => findAssetByLabelSecret(tx, ctx, token)).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  redirect(`/assets/${asset.id}?scan=${encodeURIComponent(token)}`);
}
