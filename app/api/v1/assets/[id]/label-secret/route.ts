import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { reissueLabelSecret } from '@/lib/lending/assets/reissue-label-secret';
import type { LabelSecret } from '@/lib/lending/assets/schemas';
import { labelQrCodeUrl } from '@/lib/transport/portal/qr-code-url';
import * as assets from '@/lib/transport/operations/lending/assets';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(assets.reissueAssetLabelSecret, async ({ request, tx, ctx, params }) => {
    const issued = await reissueLabelSecret(tx, ctx, params.id);
    const address = { host: request.headers.get('host'), forwardedProto: request.headers.get('x-forwarded-proto'), customDomain: ctx.organisation.customDomain };
    const body: LabelSecret = { assetId: issued.assetId, secret: issued.secret, labelUrl: labelQrCodeUrl(issued.secret, address), issuedAt: issued.issuedAt.toISOString() };
    return ok(body);
  }),
});
