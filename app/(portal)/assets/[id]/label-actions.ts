'use server';

import { headers } from 'next/headers';
import { z } from 'zod';
import { reissueLabelSecret } from '@/lib/assets/reissue-label-secret';
import { labelQrCodeUrl } from '@/lib/portal/qr-code-url';
import { portalActionError, requirePortalContext, withPortalTransaction } from '../../portal-context';

export type IssuedLabel = { ok: true; secret: string; url: string } | { ok: false; message: string };

/**
 * Issues a new label secret for printing; the previous label stops working. The secret goes back to the
 * manager's page once, in this answer, and is never put in an address or a log.
 */
export async function issueLabelAction(assetId: string): Promise<IssuedLabel> {
  const portal = await requirePortalContext('ASSET_MANAGER');
  try {
    const id = z.uuid().parse(assetId);
    const issued = await withPortalTransaction(portal, (tx, ctx) => reissueLabelSecret(tx, ctx, id));
    const requestHeaders = await headers();
    const url = labelQrCodeUrl(issued.secret, { host: requestHeaders.get('host'), forwardedProto: requestHeaders.get('x-forwarded-proto'), customDomain: portal.organisation.customDomain });
    return { ok: true, secret: issued.secret, url };
  } catch (error) {
    const failed = portalActionError(error);
    return { ok: false, message: failed.message ?? 'The label could not be issued.' };
  }
}
