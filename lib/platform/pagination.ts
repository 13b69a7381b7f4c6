import { z } from 'zod';
import { ValidationError } from '@/lib/platform/core/errors';
import { calendarInstant } from '@/lib/platform/validation/calendar-date';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

export const pageQuery = {
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE).describe(`Page size, 1 to ${MAX_PAGE_SIZE}.`),
  cursor: z.string().max(2048).optional().describe('Opaque cursor from pagination.nextCursor of the previous page.'),
};

export type Page<T> = {
  data: T[];
  /** totalIsEstimate: on lists whose total is exact only up to EXACT_TOTAL_LIMIT (lib/platform/db/count-up-to.ts). */
  pagination: { limit: number; total: number; totalIsEstimate?: boolean; nextCursor: string | null; hasMore: boolean };
};

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    pagination: z.object({
      limit: z.number().int(),
      total: z.number().int().describe('Matches in all pages. Exact, except where totalIsEstimate is true.'),
      totalIsEstimate: z
        .boolean()
        .optional()
        .describe('On lists that count exactly up to 10,000 matches only (GET /loans; GET /assets with q): true when there are more, and total is then an estimate above 10,000. GET /loans always sends it; GET /assets only when true.'),
      nextCursor: z.string().nullable(),
      hasMore: z.boolean(),
    }),
  });
}

/** Keyset cursor: base64url of the last row's sort key, opaque to clients. */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor<S extends z.ZodType>(cursor: string, shape: S): z.infer<S> {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const result = shape.safeParse(decoded);
    if (result.success) return result.data;
  } catch {
    // fall through to the uniform error below
  }
  throw new ValidationError('The cursor is invalid or expired.', { location: 'query', parameter: 'cursor', reason: 'invalid_cursor' });
}

/** `rows` holds up to limit + 1 rows; the extra row only tells whether another page exists. */
export function buildPage<R, T>(rows: R[], limit: number, total: number | { total: number; totalIsEstimate: boolean }, toDto: (row: R) => T, keyOf: (row: R) => (string | number)[]): Page<T> {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    data: pageRows.map(toDto),
    pagination: { limit, ...(typeof total === 'number' ? { total } : total), nextCursor: hasMore && last ? encodeCursor(keyOf(last)) : null, hasMore },
  };
}

// A forged cursor is client input like any other: its instant is cast to timestamptz, so it is bounded the same way.
export const timestampCursor = z.tuple([calendarInstant('the cursor'), z.uuid()]);
