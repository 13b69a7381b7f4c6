import Link from 'next/link';
import { Card, CardHeader } from '@/components/ui/card';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import type { RecentAuditEntry } from '@/lib/dashboard/list-recent-audit-entries';
import { formatDateTime, humaniseAction } from './format';

function targetType(entry: RecentAuditEntry): string {
  return entry.targetType.charAt(0) + entry.targetType.slice(1).toLowerCase();
}

export function RecentAuditCard({ entries }: { entries: RecentAuditEntry[] }) {
  return (
    <Card aria-labelledby="audit-heading">
      <CardHeader
        id="audit-heading"
        title="Recent audit entries"
        description="Who did what, newest first."
        action={
          <Link href="/admin/audit-log" className="text-sm font-medium text-brand hover:underline">
            Full audit log
          </Link>
        }
      />
      {entries.length === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-600">Nothing has been recorded yet.</p>
      ) : (
        <Table data-testid="recent-audit">
          <THead>
            <TR>
              <TH>When</TH>
              <TH>Who</TH>
              <TH>What</TH>
              <TH>Target</TH>
            </TR>
          </THead>
          <TBody>
            {entries.map((entry) => (
              <TR key={entry.id} data-testid="audit-entry" data-action={entry.action}>
                <TD className="whitespace-nowrap text-slate-600">
                  <time dateTime={entry.occurredAt}>{formatDateTime(entry.occurredAt)}</time>
                </TD>
                <TD className="whitespace-nowrap">{entry.actorName ?? (entry.actorType === 'SYSTEM' ? 'System' : 'Former user')}</TD>
                <TD className="whitespace-nowrap font-medium">{humaniseAction(entry.action)}</TD>
                <TD className="min-w-48">
                  <span className="block text-xs text-slate-500">{targetType(entry)}</span>
                  <span className={entry.assetName ? 'text-slate-800' : 'font-mono text-xs text-slate-600'} title={entry.targetId}>
                    {entry.assetName ?? entry.targetId.slice(0, 8)}
                  </span>
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
    </Card>
  );
}
