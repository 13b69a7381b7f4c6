import { describeRetentionPolicy } from './describe-policy';

const actionWords = { delete: 'deleted', anonymise: 'anonymised', keep: 'kept' } as const;

/** The policy table as Markdown, for docs/privacy/retention.md; a unit test keeps that page's copy equal to it. */
export function retentionPolicyMarkdown(): string {
  const lines = ['| Kind | Kept for | Counted from | At expiry | Details |', '|---|---|---|---|---|'];
  for (const row of describeRetentionPolicy()) {
    lines.push(`| ${row.label} | ${row.periodText} | ${row.anchorLabel} | ${actionWords[row.action]} | ${row.note ?? ''} |`);
  }
  return lines.join('\n');
}
