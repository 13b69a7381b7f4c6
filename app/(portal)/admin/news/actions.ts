'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { deleteAnnouncement } from '@/lib/announcements/delete-announcement';
import { publishAnnouncement } from '@/lib/announcements/publish-announcement';
import { AnnouncementId, PublishAnnouncementInput } from '@/lib/announcements/schemas';
import { type ActionResult, portalActionError, requirePortalContext, withPortalTransaction } from '../../portal-context';

export async function publishAnnouncementAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const portal = await requirePortalContext('ADMIN');
  try {
    const input = PublishAnnouncementInput.parse({ title: formData.get('title') ?? '', body: formData.get('body') ?? '' });
    await withPortalTransaction(portal, (tx, ctx) => publishAnnouncement(tx, ctx, input));
  } catch (error) {
    return portalActionError(error);
  }
  revalidatePath('/admin/news');
  revalidatePath('/dashboard');
  return { ok: true, message: 'Published. Everyone sees it on their dashboard now.' };
}

export async function deleteAnnouncementAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const portal = await requirePortalContext('ADMIN');
  try {
    const { id } = z.object({ id: AnnouncementId }).parse({ id: formData.get('id') });
    await withPortalTransaction(portal, (tx, ctx) => deleteAnnouncement(tx, ctx, id));
  } catch (error) {
    return portalActionError(error);
  }
  revalidatePath('/admin/news');
  revalidatePath('/dashboard');
  return { ok: true, message: 'Deleted.' };
}
