/** Keyset pagination over (updatedAt, id): each record appears exactly once across the pages of one walk. */

export type ChangePage<T> = { data: T[]; nextCursor: string | null };

export class InvalidCursorError extends Error {}

export function encodeCursor(updatedAt: string, id: string): string {
  return Buffer.from(JSON.stringify([updatedAt, id])).toString('base64url');
}

function decodeCursor(cursor: string): [string, string] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [updatedAt, id] = parsed as unknown[];
      if (typeof updatedAt === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(updatedAt))) return [updatedAt, id];
    }
  } catch {
    // falls through to the error below
  }
  throw new InvalidCursorError('The cursor is not one this registry issued.');
}

const compareKey = (a: { updatedAt: string; id: string }, b: { updatedAt: string; id: string }) =>
  Date.parse(a.updatedAt) - Date.parse(b.updatedAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Records with updatedAt >= changedSince (inclusive: a change in the same millisecond as the last sync is not lost). */
export function listChanges<T extends { updatedAt: string; id: string }>(
  records: Iterable<T>,
  query: { changedSince?: Date; cursor?: string; limit: number },
): ChangePage<T> {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const since = query.changedSince?.getTime();
  const matching = [...records]
    .filter((record) => since === undefined || Date.parse(record.updatedAt) >= since)
    .filter((record) => after === undefined || compareKey(record, { updatedAt: after[0], id: after[1] }) > 0)
    .sort(compareKey);
  const data = matching.slice(0, query.limit);
  const last = data.at(-1);
  return { data: structuredClone(data), nextCursor: matching.length > query.limit && last ? encodeCursor(last.updatedAt, last.id) : null };
}
