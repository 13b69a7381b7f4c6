import Link from 'next/link';
import { LocalDateTime } from '@/components/portal/local-date-time';
import type { AuditNames } from '@/lib/privacy/audit-log/resolve-audit-names';
import type { AuditEntry } from '@/lib/platform/audit/schemas';
import { AuditChangeList } from './audit-change-list';
import { describeAuditEntry } from './describe-audit-entry';

/**
 * One audit entry as a sentence ("Ada Lovelace approved the loan of ThinkPad X1"), when, and what changed. It
 * stacks on a phone and puts the time in a column of its own from tablet width up.
 */
export function AuditEntryItem({ entry, names, testId = 'audit-entry', showChanges = true }: { entry: AuditEntry; names: AuditNames; testId?: string; showChanges?: boolean }) {
  const { actor, sentence, changes } = describeAuditEntry(entry, names);
  return (
    <li data-testid={testId} data-action={entry.action} className="grid gap-1.5 px-5 py-4 md:grid-cols-[11rem_minmax(0,1fr)] md:gap-4">
      <p className="text-xs text-slate-600 md:pt-0.5 md:text-sm">
        <LocalDateTime value={entry.occurredAt} />
      </p>
      <div className="min-w-0 space-y-1.5">
        <p className="text-sm text-slate-800" data-testid="audit-sentence">
          <span className="font-medium text-slate-900">{actor}</span>{' '}
          {sentence.map((part, index) =>
            typeof part === 'string' ? (
              <span key={index}>{part}</span>
            ) : part.href ? (
              <Link key={index} href={part.href} className="font-medium text-brand underline-offset-2 hover:underline">
                {part.name}
              </Link>
            ) : (
              <span key={index} className="font-medium text-slate-900">
                {part.name}
              </span>
            ),
          )}
          .
        </p>
        {showChanges ? <AuditChangeList lines={changes} /> : null}
      </div>
    </li>
  );
}
