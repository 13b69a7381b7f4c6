'use server';

import { headers } from 'next/headers';
import { z } from 'zod';
import { reissueLabelSecret } from '@/lib/lending/assets/reissue-label-secret';
import { type ActionOutcome, portalAction } from '../portal-action';
import { labelQrCodeUrl } from '../qr-code-url';

export type IssuedLabel = ActionOutcome<{ secret: string; url: string }>;

/**
 * Issues a new label secret for printing; the previous label stops working. The secret goes back to the
 * manager's page once, in this answer, and is never put in an address or a log.
 */
export const issueLabelAction = portalAction({ role: 'ASSET_MANAGER', input: z.object({ assetId: z.uuid() }) }, async ({ tx, ctx, input, portal }) => {
  const issued = await reissueLabelSecret(tx, ctx, input.assetId);
  const requestHeaders = await headers();
  const url = labelQrCodeUrl(issued.secret, { host: requestHeaders.get('host'), forwardedProto: requestHeaders.get('x-forwarded-proto'), customDomain: portal.organisation.customDomain });
  return { secret: issued.secret, url };
});
