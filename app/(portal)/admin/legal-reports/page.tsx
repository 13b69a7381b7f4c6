import Link from 'next/link';
import { GenerateLegalReportForm } from '@/components/legal-reports/generate-legal-report-form';
import { LegalReportList } from '@/components/legal-reports/legal-report-list';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { listLegalReports } from '@/lib/privacy/legal-reports/list-legal-reports';
import { previousMonth } from '@/lib/privacy/legal-reports/report-period';
import { getOrganisationSettings } from '@/lib/organisation/settings/get-organisation-settings';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';

export const metadata = { title: 'Legal reports' };

export default async function LegalReportsPage() {
  const portal = await requirePortalContext('ADMIN');
  const { reports, settings } = await withPortalTransaction(portal, async (tx, ctx) => ({
    reports: (await listLegalReports(tx, ctx, { limit: 24 })).data,
    settings: await getOrganisationSettings(tx, ctx.organisationId),
  }));
  const lastMonth = previousMonth(new Date());
  return (
    <>
      <PageHeader
        title="Legal reports"
        description="Each month's erasure requests, retention anomalies and the users who read sensitive records, for your legal department. Made on the 1st for the month before."
      />
      <div className="space-y-6">
        <Card aria-labelledby="generate-heading">
          <CardHeader id="generate-heading" title="Generate for a month" />
          <CardBody className="space-y-4">
            <p className="max-w-2xl text-sm text-slate-600" data-testid="legal-contact">
              {settings.legalContactEmail ? (
                <>
                  Reports are e-mailed to <span className="font-medium text-slate-900">{settings.legalContactEmail}</span>, with the key figures only.{' '}
                </>
              ) : (
                <>No legal contact is set, so reports are kept here and not e-mailed. </>
              )}
              <Link href="/admin/settings" className="font-medium text-brand underline-offset-2 hover:underline">
                {settings.legalContactEmail ? 'Change the legal contact' : 'Set a legal contact'}
              </Link>
              .
            </p>
            <GenerateLegalReportForm defaultMonth={lastMonth} latestMonth={lastMonth} />
          </CardBody>
        </Card>
        <Card aria-labelledby="reports-heading">
          <CardHeader id="reports-heading" title="Reports" description="Newest month first. Every download is recorded in the audit log." />
          <div className={reports.length ? '' : 'p-5'}>
            <LegalReportList reports={reports} />
          </div>
        </Card>
      </div>
    </>
  );
}
