import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { retentionPolicyMarkdown } from '@/lib/privacy/retention/policy-markdown';

describe('the retention page (docs/privacy/retention.md)', () => {
  it('shows the retention policy exactly as lib/privacy/retention/policy.ts states it', () => {
    const page = readFileSync('docs/privacy/retention.md', 'utf8');
    const shown = page.split('<!-- retention-policy:start -->')[1]?.split('<!-- retention-policy:end -->')[0]?.trim();
    expect(shown).toBe(retentionPolicyMarkdown());
  });
});
