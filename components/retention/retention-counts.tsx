import type { RetentionRunDto } from '@/lib/privacy/retention/schemas';

const verbs: Record<string, string> = { delete: 'deleted', anonymise: 'anonymised', keep: 'kept' };

/** The kinds a run touched, with counts, in words; the kinds with nothing to do are left out. */
export function RetentionCounts({ run, labels, dryRun = run.dryRun }: { run: RetentionRunDto; labels: Record<string, string>; dryRun?: boolean }) {
  const touched = run.results.filter((r) => r.count > 0);
  if (touched.length === 0) return <span className="text-slate-500">{dryRun ? 'Nothing due' : 'Nothing removed'}</span>;
  return (
    <ul className="space-y-0.5">
      {touched.map((r) => (
        <li key={r.kind}>
          <span className="font-medium tabular-nums">{r.count.toLocaleString('en')}</span> {labels[r.kind] ?? r.kind} {dryRun ? `to be ${verbs[r.action]}` : verbs[r.action]}
        </li>
      ))}
    </ul>
  );
}
