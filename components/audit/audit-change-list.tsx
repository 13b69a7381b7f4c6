import { LocalDateTime } from '@/components/portal/local-date-time';
import type { AuditChangeLine, AuditValue } from './describe-audit-changes';

function Value({ value, strong }: { value: AuditValue; strong?: boolean }) {
  return (
    <span className={strong ? 'font-medium text-slate-900' : 'text-slate-600'}>
      {value.colour ? <span aria-hidden="true" className="mr-1 inline-block size-3 translate-y-0.5 rounded-sm border border-slate-300" style={{ backgroundColor: value.colour }} /> : null}
      {value.instant ? <LocalDateTime value={value.instant} /> : value.text}
    </span>
  );
}

/** What an audit entry changed, field by field: before → after, labelled and worded for people. */
export function AuditChangeList({ lines }: { lines: AuditChangeLine[] }) {
  if (lines.length === 0) return null;
  return (
    <dl className="grid gap-x-3 gap-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]" data-testid="audit-changes">
      {lines.map((line) => (
        <div key={line.field} className="contents">
          <dt className="text-slate-600 max-sm:mt-1 max-sm:text-xs max-sm:font-medium max-sm:first:mt-0">{line.label}</dt>
          <dd className="break-words text-slate-900">
            {'summary' in line ? (
              <span className="font-medium text-slate-900">{line.summary}</span>
            ) : (
              <>
                <Value value={line.before} />
                <span aria-label="changed to" className="mx-1.5 text-slate-400">
                  →
                </span>
                <Value value={line.after} strong />
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
