'use server';

import { z } from 'zod';
import { markNotificationRead } from '@/lib/platform/notifications/in-app';
import { formAction } from '../portal-action';

export const markReminderReadAction = formAction(
  { input: z.object({ notificationId: z.uuid('Unknown reminder.') }), fields: (form) => ({ notificationId: form.get('notificationId') }), revalidate: [{ path: '/', type: 'layout' }] },
  async ({ tx, ctx, input }) => {
    await markNotificationRead(tx, ctx, input.notificationId);
    return { message: 'Marked as read.' };
  },
);
