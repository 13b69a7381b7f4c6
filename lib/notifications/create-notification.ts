import type { Executor } from '@/db/client';
import { notifications } from '@/db/schema';

export type InAppNotification = { userId: string; kind: string; title: string; body: string; loanId?: string };

export async function createNotification(tx: Executor, organisationId: string, notification: InAppNotification): Promise<void> {
  await tx.insert(notifications).values({ organisationId, ...notification, loanId: notification.loanId ?? null });
}
