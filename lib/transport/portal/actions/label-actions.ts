'use server';

import { headers } from 'next/headers';
import { z } from 'zod';
import { LabelSheetInput } from '@/lib/lending/assets/label-sheet';
import { reissueLabelSecret } from '@/lib/lending/assets/reissue-label-secret';
import { reissueLabelSecrets } from '@/lib/lending/assets/reissue-label-secrets';
import { type ActionOutcome, portalAction } from '../portal-action';
import type { PortalContext } from '../portal-context';
import { labelQrCodeUrl } from '../qr-code-url';

export type IssuedLabel = ActionOutcome<{ secret: string; url: string }>;
export type IssuedLabelSheet = ActionOutcome<{ labels: { assetId: string; secret: string; url: string }[] }>;

async function labelUrlOf(portal: PortalContext): Promise<(secret: string) => string> {
  const requestHeaders = await headers();
  const address = { host: requestHeaders.get('host'), forwardedProto: requestHeaders.get('x-forwarded-proto'), customDomain: portal.organisation.customDomain };
  return (secret) => labelQrCodeUrl(secret, address);
}

/**
 * Issues a new label secret for printing; the previous label stops working. The secret goes back to the
 * manager's page once, in this answer, and is never put in an address or a log. The label page is refreshed so
 * that it says the label was issued, when and by whom.
 */
export const issueLabelAction = portalAction(
  { role: 'ASSET_MANAGER', input: z.object({ assetId: z.uuid() }), revalidate: (input) => [`/assets/${input.assetId}/label`, `/assets/${input.assetId}`] },
  async ({ tx, ctx, input, portal }) => {
    const issued = await reissueLabelSecret(tx, ctx, input.assetId);
    const url = (await labelUrlOf(portal))(issued.secret);
    return { secret: issued.secret, url };
  },
);

/** Issues the labels of a printed sheet, as issueLabelAction does for one: all of them or, on any refusal, none. */
export const issueLabelSheetAction = portalAction({ role: 'ASSET_MANAGER', input: LabelSheetInput }, async ({ tx, ctx, input, portal }) => {
  const issued = await reissueLabelSecrets(tx, ctx, input.assetIds);
  const urlOf = await labelUrlOf(portal);
  return { labels: issued.map((label) => ({ assetId: label.assetId, secret: label.secret, url: urlOf(label.secret) })) };
});
