'use server';

import { requestLegalReport } from '@/lib/privacy/legal-reports/request-legal-report';
import { GenerateLegalReportBody } from '@/lib/privacy/legal-reports/schemas';
import { formAction } from '../portal-action';

export const generateLegalReportAction = formAction(
  { role: 'ADMIN', input: GenerateLegalReportBody, fields: (form) => ({ month: String(form.get('month') ?? '').trim() }), revalidate: ['/admin/legal-reports'] },
  async ({ tx, ctx, input }) => {
    const { report } = await requestLegalReport(tx, ctx, input);
    const month = new Date(`${report.periodStart}T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return { message: report.emailedTo ? `The report for ${month} is ready and was sent to ${report.emailedTo}.` : `The report for ${month} is ready. It was not e-mailed: no legal contact is set.` };
  },
);
