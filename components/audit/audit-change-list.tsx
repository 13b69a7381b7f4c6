import type { AuditEntry } from '@/lib/audit/schemas';
import { describeField, describeValue } from './describe-audit-entry';

/** What an audit entry changed, field by field, before → after. */
export function AuditChangeList({ changes }: { changes: AuditEntry['changes'] }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) return null;
  return (
    <dl className="grid gap-x-3 gap-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
      {fields.map(([field, change]) => (
        <div key={field} className="contents">
          <dt className="text-slate-600">{describeField(field)}</dt>
          <dd className="break-words text-slate-900">
            <span className="text-slate-600">{describeValue(field, change.before)}</span>
            <span aria-label="changed to" className="mx-1.5 text-slate-400">
              →
            </span>
            <span className="font-medium">{describeValue(field, change.after)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
