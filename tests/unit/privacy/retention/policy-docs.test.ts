import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { retentionPolicyMarkdown } from '@/lib/privacy/retention/policy-markdown';

<<<<<<<< HEAD:tests/unit/privacy/retention/policy-readme.test.ts
describe('the README', () => {
  it('shows the retention policy exactly as lib/privacy/retention/policy.ts states it', () => {
    const readme = readFileSync('README.md', 'utf8');
    const shown = readme.split('<!-- retention-policy:start -->')[1]?.split('<!-- retention-policy:end -->')[0]?.trim();
========
describe('the retention page (docs/privacy/retention.md)', () => {
  it('shows the retention policy exactly as lib/retention/policy.ts states it', () => {
    const page = readFileSync('docs/privacy/retention.md', 'utf8');
    const shown = page.split('<!-- retention-policy:start -->')[1]?.split('<!-- retention-policy:end -->')[0]?.trim();
>>>>>>>> i24-docs:tests/unit/privacy/retention/policy-docs.test.ts
    expect(shown).toBe(retentionPolicyMarkdown());
  });
});
