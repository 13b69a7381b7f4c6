import { resource } from '@/lib/transport/http/resource';
import { publicRoute } from '@/lib/transport/http/route';
import { DomainError } from '@/lib/platform/core/errors';
import { downloadDataExport } from '@/lib/privacy/data-export/download-data-export';
import { fileDownloadResponse } from '@/lib/transport/http/file-download';
import * as dataExport from '@/lib/transport/operations/privacy/data-export';

// What a person who clicked the e-mailed link sees instead of an error body: the "Download my data" page, saying why.
const linkProblems: Record<string, string> = { DATA_EXPORT_LINK_USED: 'used', DATA_EXPORT_LINK_EXPIRED: 'expired', DATA_EXPORT_NOT_FOUND: 'invalid' };

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: publicRoute(dataExport.downloadDataExport, async ({ request, tx, organisation, requestId, now, params, query, admitLink }) => {
    try {
      return fileDownloadResponse(await downloadDataExport(tx, { organisationId: organisation.id, requestId, now, admitLink }, { dataExportId: params.id, token: query.token }));
    } catch (error) {
      // A browser following the link gets a page in words; an API client keeps the error envelope (404/410).
      const problem = error instanceof DomainError ? linkProblems[error.code] : undefined;
      if (!problem || request.headers.get('sec-fetch-mode') !== 'navigate') throw error;
      return new Response(null, { status: 303, headers: { Location: `/profile/data?link=${problem}`, 'Cache-Control': 'no-store' } });
    }
  }),
});
