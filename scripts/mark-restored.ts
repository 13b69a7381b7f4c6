// Records a restore of the tenant database made by other means than our drills (pg_restore, a cloud snapshot):
// `npm run ledger:mark-restored -- "pg_restore of last night's dump"`. The next instance to start replays the
// deletion ledger before it serves, once for all instances. Run it after the restore and before starting the app;
// it applies pending migrations first, since a restored database may predate the restore_markers table.
import { connectPostgres, migratePostgres } from '@/db/connect';
import { getConfig } from '@/lib/platform/config';
import { markRestored, RestoreSource } from '@/lib/privacy/erasure/restore-marker';

const config = getConfig();
const source = process.argv.slice(2).join(' ');
if (!config.DATABASE_URL) {
  console.error('The embedded demo database is never restored from a backup, so there is nothing to mark. Set DATABASE_URL to the restored database.');
  process.exit(1);
}
if (!RestoreSource.safeParse(source).success) {
  console.error('Say in a few words where the restored data came from, in at most 500 characters: npm run ledger:mark-restored -- "pg_restore of last night\'s dump".');
  process.exit(1);
}
const ownerUrl = config.DATABASE_OWNER_URL ?? config.DATABASE_URL;
await migratePostgres(ownerUrl, config.DATABASE_URL);
// As the owner: the app role may read and stamp markers, never add one.
const owner = await connectPostgres({ ...config, DATABASE_POOL_SIZE: 1 }, ownerUrl);
try {
  await markRestored(owner.db, source);
  console.log('Restore marked: the next instance to start re-erases, from the deletion ledger, everyone erased since the backup was taken.');
} finally {
  await owner.close();
}
