import type { RetentionRunDto } from '@/lib/privacy/retention/schemas';
import { countOfKind } from './retention-kind-words';

const verbs: Record<string, string> = { delete: 'deleted', anonymise: 'anonymised', keep: 'kept' };

/** The kinds a run touched, with counts, in words ("3 trainings deleted"); the kinds with nothing to do are left out. */
export function RetentionCounts({ run, dryRun = run.dryRun }: { run: RetentionRunDto; dryRun?: boolean }) {
  const touched = run.results.filter((r) => r.count > 0);
  if (touched.length === 0) return <span className="text-slate-600">{dryRun ? 'Nothing due' : 'Nothing removed'}</span>;
  return (
    <ul className="space-y-0.5">
      {touched.map((r) => (
        <li key={r.kind}>
          {countOfKind(r.kind, r.count)} {dryRun ? `to be ${verbs[r.action] ?? 'removed'}` : (verbs[r.action] ?? 'removed')}
        </li>
      ))}
    </ul>
  );
}
