'use server';

import { z } from 'zod';
import { deleteAnnouncement } from '@/lib/organisation/announcements/delete-announcement';
import { publishAnnouncement } from '@/lib/organisation/announcements/publish-announcement';
import { AnnouncementId, PublishAnnouncementInput } from '@/lib/organisation/announcements/schemas';
import { formAction } from '../portal-action';

const newsPages = ['/admin/news', '/dashboard'];

export const publishAnnouncementAction = formAction(
  { role: 'ADMIN', input: PublishAnnouncementInput, fields: (form) => ({ title: form.get('title') ?? '', body: form.get('body') ?? '' }), revalidate: newsPages },
  async ({ tx, ctx, input }) => {
    await publishAnnouncement(tx, ctx, input);
    return { message: 'Published. Everyone sees it on their dashboard now.' };
  },
);

export const deleteAnnouncementAction = formAction(
  { role: 'ADMIN', input: z.object({ id: AnnouncementId }), fields: (form) => ({ id: form.get('id') }), revalidate: newsPages },
  async ({ tx, ctx, input }) => {
    await deleteAnnouncement(tx, ctx, input.id);
    return { message: 'Deleted.' };
  },
);
