import { sql } from 'drizzle-orm';
import { persons } from '@/db/schema';

/**
 * DESIGN.md (spec 002): a person in pending_registration is left out of approver choices until the registry accepts
 * them. For queries that already join persons; a null status (phase 0, local-only) counts as registered.
 */
export const personIsRegistered = sql`${persons.syncStatus} is distinct from 'pending_registration'`;
