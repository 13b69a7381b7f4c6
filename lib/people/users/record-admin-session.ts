import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema';
import type { Role } from '@/lib/platform/auth/roles';
import { recordAudit } from '@/lib/platform/audit/record-audit';

/** Spec 001: the audit log records admin login and logout; other roles' sessions are not audited. */
export async function recordAdminSession(tx: Executor, organisationId: string, user: { id: string; role?: Role }, requestId: string, event: 'signed-in' | 'signed-out'): Promise<void> {
  let role = user.role;
  if (!role) {
    const [row] = await tx.select({ role: users.role }).from(users).where(and(eq(users.organisationId, organisationId), eq(users.id, user.id)));
    role = row?.role;
  }
  if (role !== 'ADMIN') return;
  await recordAudit(tx, { organisationId, requestId, user: { id: user.id } }, {
    action: event === 'signed-in' ? 'ADMIN_SIGNED_IN' : 'ADMIN_SIGNED_OUT',
    targetType: 'USER',
    targetId: user.id,
    metadata: { via: 'portal' },
  });
}
