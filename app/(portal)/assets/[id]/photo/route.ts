import { z } from 'zod';
import { NotFoundError } from '@/lib/platform/core/errors';
import { getAssetPhoto } from '@/lib/lending/assets/get-asset-photo';
import { photoResponse } from '@/lib/lending/assets/photo-response';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';

// GET /assets/{id}/photo – the uploaded photo for <img> in the portal (the session, not a bearer token, signs in)
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const portal = await requirePortalContext('EMPLOYEE');
  const { id } = await params;
  if (!z.uuid().safeParse(id).success) return new Response('Not found', { status: 404 });
  try {
    const photo = await withPortalTransaction(portal, (tx, ctx) => getAssetPhoto(tx, ctx, id));
    return photoResponse(request, photo);
  } catch (error) {
    if (error instanceof NotFoundError) return new Response('Not found', { status: 404 });
    throw error;
  }
}
