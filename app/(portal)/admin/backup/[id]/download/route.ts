// GET /admin/backup/{id}/download – the portal's download link for a READY backup (admins only)
import { auth } from '@/auth';
import { DomainError } from '@/lib/platform/core/errors';
import { hasRole } from '@/lib/platform/auth/roles';
import { createContext } from '@/lib/platform/core/context';
import { downloadBackup } from '@/lib/privacy/backups/download-backup';
import { fileDownloadResponse } from '@/lib/transport/http/file-download';
import { BackupIdParams } from '@/lib/privacy/backups/schemas';
import { getDb } from '@/lib/platform/db/get-db';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { getPortalUser } from '@/lib/people/users/get-portal-user';
import { currentTenant } from '@/lib/transport/portal/current-tenant';

export const dynamic = 'force-dynamic';

function plain(status: number, message: string): Response {
  return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}

// A route handler cannot render the portal's 403 page, so it answers the same decisions as
// requirePortalContext('ADMIN') plainly: signed out -> sign-in, not an admin -> 403, unknown -> 404.
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { organisation } = await currentTenant();
  if (!organisation) return plain(404, 'Not found.');
  const session = await auth();
  const signIn = new Response(null, { status: 303, headers: { Location: `/login?callbackUrl=${encodeURIComponent('/admin/backup')}`, 'Cache-Control': 'no-store' } });
  if (!session?.userId || session.organisationId !== organisation.id) return signIn;
  const parsed = BackupIdParams.safeParse(await params);
  const db = await getDb();
  try {
    return await withTenant(db, organisation.id, async (tx) => {
      const user = await getPortalUser(tx, organisation.id, session.userId);
      if (!user?.isActive) return signIn;
      if (!hasRole(user.role, 'ADMIN')) return plain(403, 'You do not have access to backups.');
      if (!parsed.success) return plain(404, 'This backup does not exist.');
      const { ctx } = createContext({ organisation, user: { id: user.id, personId: user.personId, role: user.role, duties: user.duties } });
      return fileDownloadResponse(await downloadBackup(tx, ctx, parsed.data.id));
    });
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found') return plain(404, 'This backup does not exist.');
    if (error instanceof DomainError && error.kind === 'conflict') return plain(409, 'This backup is not ready to download.');
    console.error('[portal] backup download failed', error);
    return plain(500, 'Something went wrong. Please try again.');
  }
}
