import type { Executor } from '@/db/client';
import { notifications } from '@/db/schema';
import { findSilencedUsers } from './reachable-recipients';

export type InAppNotification = {
  userId: string;
  kind: string;
  title: string;
  body: string;
  loanId?: string;
  /** The portal page it is about, when that is not its loan's (a path such as /admin/webhooks/<id>). */
  link?: string;
};

/** Every in-app notification passes here, so a restricted person (spec 001) or one who turned in-app off gets none; false when not written. */
export async function createNotification(tx: Executor, organisationId: string, notification: InAppNotification): Promise<boolean> {
  if ((await findSilencedUsers(tx, organisationId, [notification.userId], 'inApp')).size > 0) return false;
  await tx.insert(notifications).values({ organisationId, ...notification, loanId: notification.loanId ?? null, link: notification.link ?? null });
  return true;
}
