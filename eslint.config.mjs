import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import boundaries from 'eslint-plugin-boundaries';
import drizzle from 'eslint-plugin-drizzle';

const drizzleObjects = { drizzleObjectName: ['db', 'tx'] };

// The contexts of lib/ (README, "What is here"). A context uses the platform, its own files, and of another context
// only the files listed here: its public entry points. Making a file public is a decision taken in this list.
const publicEntries = {
  organisation: [],
  people: ['persons/assert-tenant-person.ts', 'persons/person-is-registered.ts', 'persons/person-name.ts', 'persons/to-person-dto.ts', 'users/list-user-names.ts'],
  lending: ['assets/asset-columns.ts', 'loans/loan-columns.ts', 'loans/release-erased-borrower-loans.ts', 'maintenance/maintenance-columns.ts'],
  records: ['incidents/reporter-visibility.ts'],
  privacy: ['erasure/erased-sign-in.ts'],
  registry: [
    'adapter/registry-adapter.ts',
    'adapter/registry-errors.ts',
    'backfill/errors.ts',
    'mirror/apply-registry-organisation.ts',
    'mirror/merge-person.ts',
    'proposals/confirm-official-email.ts',
    'proposals/propose-approved-change.ts',
    'proposals/propose-deactivation.ts',
    'proposals/propose-registration.ts',
    'proposals/schemas.ts',
    'proposals/sealed-value.ts',
  ],
};
const domainContexts = Object.keys(publicEntries);
// Outside lib/ but shared by all of it: the schema and connection, the e-mail templates.
const sharedElements = ['db', 'emails'];

const config = [
  ...nextVitals,
  ...nextTypescript,
  {
    plugins: { drizzle },
    rules: {
      // An update or delete without a where clause is never what we mean in a multi-tenant table.
      'drizzle/enforce-delete-with-where': ['error', drizzleObjects],
      'drizzle/enforce-update-with-where': ['error', drizzleObjects],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // The layers: pages and components reach the database only through lib/, and lib/ never reaches back into app/.
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/db/client', '@/db/connect', '@/db/schema', '@/db/schema/*', 'drizzle-orm', 'drizzle-orm/*'], message: 'Reach the database through a lib/ function.' },
            { group: ['@/app/*', '**/app/*'], message: 'Components and pages share code through components/ or lib/, not app/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/app/*', '**/app/*'], message: 'lib/ must not depend on app/.' }] }],
    },
  },
  {
    files: ['lib/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'platform', pattern: 'lib/platform', partialMatch: false },
        { type: 'transport', pattern: 'lib/transport', partialMatch: false },
        ...domainContexts.map((context) => ({ type: context, pattern: `lib/${context}`, partialMatch: false })),
        { type: 'db', pattern: 'db', partialMatch: false },
        { type: 'emails', pattern: 'emails', partialMatch: false },
        ...['app', 'components', 'inngest', 'scripts', 'bench', 'tests'].map((edge) => ({ type: edge, pattern: edge, partialMatch: false })),
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { allow: { to: { module: { origin: ['external', 'core'] } } } },
            { allow: { to: { element: { types: sharedElements } } } },
            { from: { element: { type: 'platform' } }, allow: { to: { element: { type: 'platform' } } } },
            ...domainContexts.map((context) => ({
              from: { element: { type: context } },
              allow: {
                to: [
                  { element: { types: ['platform', context] } },
                  ...domainContexts
                    .filter((other) => other !== context && publicEntries[other].length > 0)
                    .map((other) => ({ element: { type: other, fileInternalPath: publicEntries[other] } })),
                ],
              },
            })),
            // transport is the edge, like app/, components/, inngest/, scripts/ and tests/: it may import anything.
            { from: { element: { type: 'transport' } }, allow: { to: { element: { types: '*' } } } },
          ],
        },
      ],
    },
  },
  // Nor may they import a file outside every element (auth.ts, proxy.ts, ...): the edge wires those in.
  {
    files: ['lib/platform/**/*.{ts,tsx}', ...domainContexts.map((context) => `lib/${context}/**/*.{ts,tsx}`)],
    rules: { 'boundaries/no-unknown-dependencies': 'error' },
  },
  {
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  { ignores: ['.next/**', 'bench/floor/.next/**', 'node_modules/**', '.data/**', 'next-env.d.ts', 'bench/out/**', 'test-results/**'] },
];

export default config;
