'use server';

import { requestDataExport } from '@/lib/privacy/data-export/request-data-export';
import { RequestDataExportQuery } from '@/lib/privacy/data-export/schemas';
import { formAction } from '../portal-action';

// The same request as GET /api/v1/data-export: an export of this format already under way is handed back.
export const requestDataExportAction = formAction(
  { role: 'EMPLOYEE', input: RequestDataExportQuery, fields: (form) => ({ format: form.get('format') ?? undefined }), revalidate: ['/profile/data'] },
  async ({ tx, ctx, input }) => {
    const { reused } = await requestDataExport(tx, ctx, input);
    const what = input.format === 'pdf' ? 'PDF report' : 'JSON file';
    return {
      message: reused
        ? `Your ${what} is already being prepared. We will e-mail you the link when it is ready.`
        : `Your ${what} is being prepared. We will e-mail you a download link when it is ready; you can follow its progress below.`,
    };
  },
);
