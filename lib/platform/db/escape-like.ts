/** A search word as a LIKE pattern that matches it literally: %, _ and \ lose their meaning. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
