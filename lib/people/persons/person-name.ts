import { sql } from 'drizzle-orm';
import { persons } from '@/db/schema';

/** "First Last" of a joined person row, as every dashboard list shows people. */
export const personName = sql<string>`${persons.firstName} || ' ' || ${persons.lastName}`;
