const BASE = 'http://quartermaster.invalid';

// A path a browser resolves on this origin: one leading slash, and neither "//" nor "/\" (a browser reads
// both as the start of another host), before and after dot segments are resolved. Checked on the decoded
// form too, so "/%2f%2fevil" or "/.%2f/evil" cannot turn into one later, whoever decodes it.
function staysOnSite(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  return [path, decoded].every((p) => {
    if (!p.startsWith('/') || p[1] === '/' || p[1] === '\\' || !URL.canParse(p, BASE)) return false;
    const url = new URL(p, BASE);
    return url.origin === BASE && !url.pathname.startsWith('//');
  });
}

/**
 * A path on this site to return to after signing in. Anything that could leave the site ("//evil",
 * "/\evil", absolute URLs, and paths that only normalise to "//evil", such as "/.//evil" or "/%2e//evil")
 * or loop back to the login page falls back to the dashboard. The normalised result is what is checked,
 * because it is what is returned.
 */
export function safeReturnPath(value: string | null | undefined, fallback = '/dashboard'): string {
  // The URL parser silently drops tabs and newlines, and reads "\" as "/": refuse them rather than guess.
  if (!value || value.length > 2048 || !staysOnSite(value) || /[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  const url = new URL(value, BASE);
  const path = `${url.pathname}${url.search}`;
  if (url.origin !== BASE || !staysOnSite(path) || url.pathname === '/login' || url.pathname.startsWith('/api/')) return fallback;
  return path;
}
