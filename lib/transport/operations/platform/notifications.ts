import { pageSchema } from '@/lib/platform/pagination';
import { ListNotificationsQuery, Notification as NotificationSchema, NotificationIdParams } from '@/lib/platform/notifications/in-app';
import { MarkedRead } from '@/lib/platform/notifications/mark-all-notifications-read';
import { defineOperation } from '../operation';
import { named } from '../named';

const tag = 'Notifications';

const Notification = named('Notification', NotificationSchema, { description: 'An in-app notification of the caller.' });
const NotificationPage = named('NotificationPage', pageSchema(Notification), { description: 'One page of notifications, newest first.' });

export const listNotifications = defineOperation({
  method: 'get',
  path: '/v1/notifications',
  operationId: 'listNotifications',
  summary: 'List my notifications',
  tag,
  role: 'EMPLOYEE',
  query: ListNotificationsQuery,
  success: { status: 200, description: "One page of the caller's notifications.", schema: NotificationPage },
});

export const markNotificationRead = defineOperation({
  method: 'post',
  path: '/v1/notifications/{id}/read',
  operationId: 'markNotificationRead',
  summary: 'Mark a notification read',
  tag,
  role: 'EMPLOYEE',
  params: NotificationIdParams,
  success: { status: 200, description: 'The notification.', schema: Notification },
  errors: ['NOTIFICATION_NOT_FOUND'],
});

export const markAllNotificationsRead = defineOperation({
  method: 'post',
  path: '/v1/notifications/read-all',
  operationId: 'markAllNotificationsRead',
  summary: 'Mark all my notifications read',
  description: "Marks every unread notification of the caller read; those already read keep their first read time. Nobody else's are touched.",
  tag,
  role: 'EMPLOYEE',
  success: { status: 200, description: 'How many were marked read.', schema: named('MarkedRead', MarkedRead, { description: 'The outcome of marking all notifications read.' }) },
});
