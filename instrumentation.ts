// Opens the database (and applies migrations) when the server starts, so a broken configuration fails fast
// instead of on the first request.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getConnection } = await import('@/lib/db/get-db');
  await getConnection();
}
