import journal from '@/db/migrations/meta/_journal.json';

/**
 * The database schema a backup was made with: the number of migrations applied. A restore takes files of this
 * version or an older one (columns added since get their defaults), never a newer one.
 */
export const SCHEMA_VERSION: number = journal.entries.length;
