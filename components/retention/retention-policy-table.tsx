import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import type { RetentionPolicyRowDto, RetentionSettings } from '@/lib/privacy/retention/describe-policy';
import { kindWords, retentionPeriodWords } from './retention-kind-words';

const actionWords: Record<string, { label: string; tone: BadgeTone }> = {
  delete: { label: 'Deleted', tone: 'danger' },
  anonymise: { label: 'Anonymised', tone: 'warning' },
  keep: { label: 'Kept', tone: 'success' },
};

function ActionBadge({ action }: { action: string }) {
  return <Badge tone={actionWords[action]!.tone}>{actionWords[action]!.label}</Badge>;
}

// "Organization" is the spec's spelling; the portal writes British English.
const kindName = (row: RetentionPolicyRowDto) => (row.kind === 'organisation' ? 'Organisation' : row.label);

/** The policy in words: what is kept how long, counted from when, and what happens then. A list on a phone. */
export function RetentionPolicyTable({ rows, settings }: { rows: RetentionPolicyRowDto[]; settings: RetentionSettings | null }) {
  const described = rows.map((row) => ({ row, name: kindName(row), period: retentionPeriodWords(row, settings), details: kindWords(row.kind).details ?? '' }));
  return (
    <>
      <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Retention policy">
        {described.map(({ row, name, period, details }) => (
          <li key={row.kind} className="space-y-1 px-5 py-3 text-sm">
            <div className="flex items-center justify-between gap-3">
              <span className="font-medium text-slate-900">{name}</span>
              <ActionBadge action={row.action} />
            </div>
            <p className="text-slate-700">{period}</p>
            {details ? <p className="text-slate-600">{details}</p> : null}
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table aria-label="Retention policy">
          <THead>
            <TR>
              <TH>Kind of data</TH>
              <TH>How long it is kept</TH>
              <TH>Then</TH>
              <TH>Details</TH>
            </TR>
          </THead>
          <TBody>
            {described.map(({ row, name, period, details }) => (
              <TR key={row.kind}>
                <TD className="font-medium">{name}</TD>
                <TD className="max-w-xs">{period}</TD>
                <TD>
                  <ActionBadge action={row.action} />
                </TD>
                <TD className="max-w-md text-slate-600">{details}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>
    </>
  );
}
