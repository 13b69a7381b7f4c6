import type { ReportModel } from './report-model';

/** Renders a report as a PDF document. Being implemented on branch i12-pdf; merged within this change. */
export async function renderReportPdf(model: ReportModel): Promise<Buffer> {
  throw new Error(`renderReportPdf is not implemented yet (${model.title})`);
}
