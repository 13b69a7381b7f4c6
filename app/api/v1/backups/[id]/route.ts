import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { findBackupRow, toBackupDto } from '@/lib/privacy/backups/backup-store';
import { BackupIdParams } from '@/lib/privacy/backups/schemas';

// GET /api/v1/backups/{id} – status, size and times of one backup
export const GET = route({ role: 'ADMIN', params: BackupIdParams }, async ({ tx, ctx, params }) => ok(toBackupDto(await findBackupRow(tx, ctx.organisationId, params.id))));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
