import { createHash } from 'node:crypto';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * How a restore renames the backup's ids: the source organisation becomes the target, a few ids are named
 * explicitly (the restoring admin's own account), and every other id gets a new one derived from the restore's
 * id, so the same source id maps to the same new id in every table and the source organisation, if it still
 * exists in this database, never collides with its copy.
 */
export type IdMap = {
  id(source: string): string;
  /** Ids inside text and JSON (an audit entry's target, a notification's link): only ids of the backup's rows. */
  text(value: string): string;
  json(value: unknown): unknown;
};

export function createIdMap(restoreId: string, known: ReadonlySet<string>, fixed: ReadonlyMap<string, string>): IdMap {
  const id = (source: string): string => {
    const lower = source.toLowerCase();
    const named = fixed.get(lower);
    if (named) return named;
    const hex = createHash('sha256').update(`${restoreId}/${lower}`).digest('hex');
    // A version 4, variant 1 layout, as the database's own ids have.
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
  const text = (value: string) => value.replace(UUID, (match) => (known.has(match.toLowerCase()) ? id(match) : match));
  const json = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(json);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [text(key), json(item)]));
    return value;
  };
  return { id, text, json };
}
