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
  {
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  { ignores: ['.next/**', 'bench/floor/.next/**', 'node_modules/**', '.data/**', 'next-env.d.ts', 'bench/out/**', 'test-results/**'] },
];

export default config;
