/**
 * A path on this site to return to after signing in. Anything that could leave the site ("//evil",
 * "/\evil", absolute URLs) or loop back to the login page falls back to the dashboard.
 */
export function safeReturnPath(value: string | null | undefined, fallback = '/dashboard'): string {
  if (!value || value.length > 2048 || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  let url: URL;
  try {
    url = new URL(value, 'http://quartermaster.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'http://quartermaster.invalid' || url.pathname === '/login' || url.pathname.startsWith('/api/')) return fallback;
  return `${url.pathname}${url.search}`;
}
