import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { backupTables } from './backup-tables';
import { restoreTargetNotEmpty } from './restore-errors';

// What an empty organisation may already hold: its own row, its audit trail, its data keys (created on first use).
const allowedAnyway = new Set(['organisations', 'audit_log', 'encryption_data_keys']);

export type RestoreTarget = { userId: string; personId: string; idpSubject: string };

/**
 * An empty organisation holds nothing of any backed-up table but its own row, its audit trail, its data keys and
 * the restoring admin's own account and person: no one else, no asset, loan or record. The organisation's row is
 * locked, so two restores into it cannot both find it empty.
 */
export async function checkRestoreTarget(tx: Tx, ctx: RequestContext): Promise<RestoreTarget> {
  await tx.execute(sql`select id from organisations where id = ${ctx.organisationId}::uuid for update`);
  const [self] = rowsOf<{ person_id: string; idp_subject: string }>(
    await tx.execute(sql`select person_id, idp_subject from users where organisation_id = ${ctx.organisationId}::uuid and id = ${ctx.user.id}::uuid`),
  );
  if (!self) throw new Error('The acting user is not visible in their own organisation');
  const filled: string[] = [];
  for (const spec of backupTables) {
    if (allowedAnyway.has(spec.name)) continue;
    const own = spec.name === 'users' ? sql`and id <> ${ctx.user.id}::uuid` : spec.name === 'persons' ? sql`and id <> ${self.person_id}::uuid` : sql``;
    const [found] = rowsOf<{ any: boolean }>(
      await tx.execute(sql`select exists (select 1 from ${sql.raw(`"${spec.name}"`)} where organisation_id = ${ctx.organisationId}::uuid ${own}) as any`),
    );
    if (found?.any) filled.push(spec.name);
  }
  if (filled.length) throw restoreTargetNotEmpty(filled);
  return { userId: ctx.user.id, personId: self.person_id, idpSubject: self.idp_subject };
}
