// POST /api/v1/restores – restore a backup file into the caller's (empty) organisation
import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getFieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { restoreBackup } from '@/lib/privacy/backups/restore-backup';
import { configuredPrivacy } from '@/lib/privacy/retention/anonymise-persons';
import * as backups from '@/lib/transport/operations/privacy/backups';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(backups.restoreBackup, async ({ tx, ctx, upload }) => ok(await restoreBackup(tx, ctx, upload!, { encryption: getFieldEncryption(), ...(await configuredPrivacy()) }))),
});
