import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import drizzle from 'eslint-plugin-drizzle';

const drizzleObjects = { drizzleObjectName: ['db', 'tx'] };

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
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  { ignores: ['.next/**', 'bench/floor/.next/**', 'node_modules/**', '.data/**', 'next-env.d.ts', 'bench/out/**', 'test-results/**'] },
];

export default config;
