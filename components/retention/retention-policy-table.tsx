import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import type { RetentionPolicyRowDto } from '@/lib/privacy/retention/describe-policy';

const actionWords: Record<string, { label: string; tone: BadgeTone }> = {
  delete: { label: 'Deleted', tone: 'danger' },
  anonymise: { label: 'Anonymised', tone: 'warning' },
  keep: { label: 'Kept', tone: 'success' },
};

function ActionBadge({ action }: { action: string }) {
  return <Badge tone={actionWords[action]!.tone}>{actionWords[action]!.label}</Badge>;
}

/** The policy in words: what is kept how long, counted from when, and what happens then. A list on a phone. */
export function RetentionPolicyTable({ rows }: { rows: RetentionPolicyRowDto[] }) {
  return (
    <>
      <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Retention policy">
        {rows.map((row) => (
          <li key={row.kind} className="space-y-1 px-5 py-3 text-sm">
            <div className="flex items-center justify-between gap-3">
              <span className="font-medium text-slate-900">{row.label}</span>
              <ActionBadge action={row.action} />
            </div>
            <p className="text-slate-700">
              {row.periodText}
              {row.anchor ? <span className="text-slate-600"> from {row.anchorLabel}</span> : null}
            </p>
            {row.note ? <p className="text-slate-600">{row.note}</p> : null}
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table aria-label="Retention policy">
          <THead>
            <TR>
              <TH>Kind of data</TH>
              <TH>Kept for</TH>
              <TH>Counted from</TH>
              <TH>At expiry</TH>
              <TH>Details</TH>
            </TR>
          </THead>
          <TBody>
            {rows.map((row) => (
              <TR key={row.kind}>
                <TD className="font-medium">{row.label}</TD>
                <TD>{row.periodText}</TD>
                <TD className="text-slate-600">{row.anchorLabel}</TD>
                <TD>
                  <ActionBadge action={row.action} />
                </TD>
                <TD className="max-w-md text-slate-600">{row.note ?? ''}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>
    </>
  );
}
