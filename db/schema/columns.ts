import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, customType, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Millisecond precision, as JavaScript's Date carries, so a value read back equals the value written. */
export const instant = <TName extends string>(name: TName) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Holds FLE1 ciphertext (DESIGN.md, field encryption) written by the application: the database never sees the
 * plaintext of these fields, and nothing in SQL can search or compare them.
 */
export const ciphertext = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The subject of a record that outlives its person's erasure (spec 001): the person, or after erasure the
 * pseudonym `anonymized_<hex>` that replaces them. Exactly one is set, so an erased record keeps no link back.
 */
export const subjectColumns = () => ({ personId: uuid('person_id'), subjectPseudonym: text('subject_pseudonym') });

export function subjectChecks(table: string, t: { personId: AnyPgColumn; subjectPseudonym: AnyPgColumn }) {
  return [
    check(`${table}_subject_check`, sql`num_nonnulls(${t.personId}, ${t.subjectPseudonym}) = 1`),
    check(`${table}_subject_pseudonym_check`, sql`${t.subjectPseudonym} ~ '^anonymized_[0-9a-f]+$'`),
  ];
}

export const currencyCheck = (table: string, column: AnyPgColumn) => check(`${table}_currency_check`, sql`${column} ~ '^[A-Z]{3}$'`);
