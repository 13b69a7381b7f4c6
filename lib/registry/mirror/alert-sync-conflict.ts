import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { users } from '@/db/schema';
import { createNotification } from '@/lib/platform/notifications/create-notification';
import { enqueueEmails } from '@/lib/platform/notifications/enqueue-email';

// The words an admin reads for the identity fields the registry masters.
const fieldWords: Record<string, string> = {
  firstName: 'first name',
  lastName: 'last name',
  birthDate: 'birth date',
  identifierNational: 'national identifier',
  nationality: 'nationality',
  officialEmail: 'official e-mail address',
};

function inWords(fields: string[]): string {
  const words = fields.map((field) => fieldWords[field] ?? 'identity details');
  return words.length <= 1 ? (words[0] ?? 'identity details') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

export type SyncConflictAlert = { personId: string; personName: string; registryId: string; fields: string[]; registryVersion: number };

/**
 * Spec 002: a conflict alerts the admin. Every active ADMIN of the tenant gets an in-app notification and an
 * e-mail through the outbox, naming the fields, never their values. Keyed by person and registry version, so a
 * retried sync alerts once.
 */
export async function alertSyncConflict(tx: Tx, ctx: { organisationId: string; afterCommit?: (fn: () => void) => void }, alert: SyncConflictAlert): Promise<number> {
  const admins = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.organisationId, ctx.organisationId), eq(users.role, 'ADMIN'), eq(users.isActive, true)));
  const fields = inWords(alert.fields);
  for (const admin of admins) {
    await createNotification(tx, ctx.organisationId, {
      userId: admin.id,
      kind: 'REGISTRY_SYNC_CONFLICT',
      title: `Registry conflict: ${alert.personName}`,
      body: `The sports registry changed the ${fields} of ${alert.personName}, which had also been changed here. The registry's values apply; please review them.`,
      link: '/admin/registry/conflicts',
    });
  }
  const withEmail = admins.filter((admin): admin is { id: string; email: string } => Boolean(admin.email));
  await enqueueEmails(
    tx,
    ctx,
    withEmail.map((admin) => ({
      template: 'registry-sync-conflict' as const,
      to: admin.email,
      data: { personId: alert.personId, personName: alert.personName, registryId: alert.registryId, fields: alert.fields },
      idempotencyKey: `registry-sync-conflict:${alert.personId}:${alert.registryVersion}:${admin.id}`,
    })),
  );
  return admins.length;
}
