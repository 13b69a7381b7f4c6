'use server';

import { z } from 'zod';
import { markNotificationRead } from '@/lib/platform/notifications/in-app';
import { markAllNotificationsRead } from '@/lib/platform/notifications/mark-all-notifications-read';
import { formAction } from '../portal-action';

// The bell's count is in the portal's layout, on every page.
const everyPage = [{ path: '/', type: 'layout' as const }];

export const markNotificationReadAction = formAction(
  { input: z.object({ notificationId: z.uuid('This notification no longer exists.') }), fields: (form) => ({ notificationId: form.get('notificationId') }), revalidate: everyPage, errors: { NOTIFICATION_NOT_FOUND: 'This notification no longer exists.' } },
  async ({ tx, ctx, input }) => {
    await markNotificationRead(tx, ctx, input.notificationId);
    return { message: 'Marked as read.' };
  },
);

export const markAllNotificationsReadAction = formAction({ input: z.object({}), fields: () => ({}), revalidate: everyPage }, async ({ tx, ctx }) => {
  const { marked } = await markAllNotificationsRead(tx, ctx);
  return { message: marked === 0 ? 'There was nothing left to mark.' : marked === 1 ? 'Marked 1 notification as read.' : `Marked ${marked} notifications as read.` };
});
