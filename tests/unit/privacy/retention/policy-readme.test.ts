import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { retentionPolicyMarkdown } from '@/lib/privacy/retention/policy-markdown';

describe('the README', () => {
  it('shows the retention policy exactly as lib/privacy/retention/policy.ts states it', () => {
    const readme = readFileSync('README.md', 'utf8');
    const shown = readme.split('<!-- retention-policy:start -->')[1]?.split('<!-- retention-policy:end -->')[0]?.trim();
    expect(shown).toBe(retentionPolicyMarkdown());
  });
});
