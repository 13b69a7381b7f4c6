// GET /admin/legal-reports/{id}/download?format=csv|pdf – the portal's download links for a legal report (admins only)
import { auth } from '@/auth';
import { hasRole } from '@/lib/platform/auth/roles';
import { createContext } from '@/lib/platform/core/context';
import { DomainError } from '@/lib/platform/core/errors';
import { getDb } from '@/lib/platform/db/get-db';
import { downloadLegalReport } from '@/lib/privacy/legal-reports/download-legal-report';
import { fileDownloadResponse } from '@/lib/transport/http/file-download';
import { LegalReportFormat, LegalReportIdParams } from '@/lib/privacy/legal-reports/schemas';
import { currentTenant } from '@/lib/transport/portal/current-tenant';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { getPortalUser } from '@/lib/people/users/get-portal-user';

export const dynamic = 'force-dynamic';

function plain(status: number, message: string): Response {
  return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}

// As the backup download: the same decisions as requirePortalContext('ADMIN'), answered plainly.
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { organisation } = await currentTenant();
  if (!organisation) return plain(404, 'Not found.');
  const session = await auth();
  const signIn = new Response(null, { status: 303, headers: { Location: `/login?callbackUrl=${encodeURIComponent('/admin/legal-reports')}`, 'Cache-Control': 'no-store' } });
  if (!session?.userId || session.organisationId !== organisation.id) return signIn;
  const id = LegalReportIdParams.safeParse(await params);
  const format = LegalReportFormat.safeParse(new URL(request.url).searchParams.get('format'));
  const db = await getDb();
  try {
    return await withTenant(db, organisation.id, async (tx) => {
      const user = await getPortalUser(tx, organisation.id, session.userId);
      if (!user?.isActive) return signIn;
      if (!hasRole(user.role, 'ADMIN')) return plain(403, 'You do not have access to legal reports.');
      if (!id.success) return plain(404, 'This report does not exist.');
      if (!format.success) return plain(400, 'Choose the CSV or PDF format.');
      const { ctx } = createContext({ organisation, user: { id: user.id, personId: user.personId, role: user.role, duties: user.duties } });
      return fileDownloadResponse(await downloadLegalReport(tx, ctx, { legalReportId: id.data.id, format: format.data }));
    });
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found') return plain(404, 'This report does not exist.');
    console.error('[portal] legal report download failed', error);
    return plain(500, 'Something went wrong. Please try again.');
  }
}
