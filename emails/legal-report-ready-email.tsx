import { formatDate } from '@/lib/platform/format/dates';
import type { EmailTemplateData } from '@/lib/platform/notifications/email-templates';
import type { EmailProps } from './email-brand';
import { EmailFacts, EmailLayout, EmailText } from './email-layout';

type Data = EmailTemplateData<'legal-report-ready'>;

const month = (data: Data) => new Date(`${data.periodStart}T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export function legalReportReadySubject(data: Data): string {
  return `Monthly legal report for ${month(data)}`;
}

function processing(hours: number | null): string {
  if (hours === null) return 'none completed';
  return hours < 48 ? `${hours} hours` : `${Math.round((hours / 24) * 10) / 10} days`;
}

// Counts only: who read which records is on the admin page and in its downloads, behind sign-in and audited.
export function LegalReportReadyEmail({ data, brand, actionUrl }: EmailProps<Data>) {
  return (
    <EmailLayout brand={brand} preview={legalReportReadySubject(data)} heading={`Legal report: ${month(data)}`} action={{ label: 'Open the report', href: actionUrl }}>
      <EmailText>
        The monthly report on data-subject rights and retention at {brand.name} for {formatDate(data.periodStart)} to {formatDate(data.periodEnd)} (UTC) is ready. You
        receive it as {brand.name}&apos;s legal contact.
      </EmailText>
      <EmailFacts
        brand={brand}
        facts={[
          ['Erasure requests filed', String(data.erasureFiled)],
          ['Erasure requests completed', String(data.erasureCompleted)],
          ['Open at the end of the month', String(data.erasureOpen)],
          ['Overdue (past the 30-day limit)', String(data.erasureOverdue)],
          ['Average processing time', processing(data.averageProcessingHours)],
          ['Failed retention runs', String(data.failedRetentionRuns)],
          ['Days without a retention run', String(data.daysWithoutRetentionRun)],
          ['Records past retention', data.recordsPastRetention === null ? 'not measured' : String(data.recordsPastRetention)],
          ['Reads of sensitive records', `${data.sensitiveReads} by ${data.sensitiveAccessors} ${data.sensitiveAccessors === 1 ? 'user' : 'users'}`],
        ]}
      />
      <EmailText>
        The full report, with the ten users who read sensitive records most, can be downloaded as CSV or PDF by an administrator of {brand.name} on the Legal reports page.
      </EmailText>
    </EmailLayout>
  );
}
