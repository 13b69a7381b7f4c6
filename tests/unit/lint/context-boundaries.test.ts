import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The contexts of lib/ are enforced by eslint-plugin-boundaries (eslint.config.mjs); `npm run lint` runs with
// --max-warnings=0, so each error below fails the build. The files are virtual: lintText classifies them by path.
const root = fileURLToPath(new URL('../../../', import.meta.url));
let eslint: ESLint;

async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result!.messages.filter((message) => message.ruleId?.startsWith('boundaries/')).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('context boundaries', () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });

  it('refuses a context importing the inside of another context', async () => {
    const errors = await boundaryErrors('lib/lending/loans/probe.ts', "import { Person } from '@/lib/people/persons/schemas';\nexport const probe = Person;\n");
    expect(errors).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"lending".*"people"/)]);
  });

  it("allows a context importing another context's public entry point", async () => {
    const errors = await boundaryErrors('lib/lending/loans/probe.ts', "import { listUserNames } from '@/lib/people/users/list-user-names';\nexport const probe = listUserNames;\n");
    expect(errors).toEqual([]);
  });

  it('refuses the platform importing a context', async () => {
    const errors = await boundaryErrors('lib/platform/audit/probe.ts', "import { loanColumns } from '@/lib/lending/loans/loan-columns';\nexport const probe = loanColumns;\n");
    expect(errors).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"platform".*"lending"/)]);
  });

  it('refuses a context importing the transport', async () => {
    const errors = await boundaryErrors('lib/records/medical/probe.ts', "import { toApiError } from '@/lib/transport/http/to-api-error';\nexport const probe = toApiError;\n");
    expect(errors).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"records".*"transport"/)]);
  });

  it('refuses a context importing a file outside every element (the edge wires auth.ts in)', async () => {
    const errors = await boundaryErrors('lib/people/users/probe.ts', "import { auth } from '@/auth';\nexport const probe = auth;\n");
    expect(errors).toEqual([expect.stringMatching(/^boundaries\/no-unknown-dependencies: /)]);
  });

  it('allows the transport, the edge, to import any context', async () => {
    const errors = await boundaryErrors('lib/transport/http/probe.ts', "import { Person } from '@/lib/people/persons/schemas';\nimport { loanColumns } from '@/lib/lending/loans/loan-columns';\nexport const probe = [Person, loanColumns];\n");
    expect(errors).toEqual([]);
  });
}, 120_000);
