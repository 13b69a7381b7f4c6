/**
 * A printable report, independent of where its data comes from: the data export's PDF (spec 001, access) and
 * the monthly legal report are both built as one of these and rendered by renderReportPdf.
 */
export type ReportField = { label: string; value: string | null };

/** One record: a heading (e.g. "Training, 3 March 2026") and its fields in reading order. */
export type ReportRecord = { heading?: string; fields: ReportField[] };

export type ReportSection = {
  heading: string;
  /** One or two sentences on what the section holds, printed under the heading. */
  description?: string;
  /** Printed instead of records when there are none, e.g. "No donations are recorded for you." */
  emptyText?: string;
  records: ReportRecord[];
};

export type ReportModel = {
  title: string;
  subtitle?: string;
  organisationName: string;
  /** The person the report is about or for; printed on the cover and in every page header. */
  subjectName: string;
  generatedAt: Date;
  /** Paragraphs printed on the first page before the contents. */
  intro?: string[];
  sections: ReportSection[];
};
