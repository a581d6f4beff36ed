import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'
import { serverImportBoundaries } from './eslint.server-boundaries.js'
import { webImportBoundaries } from './eslint.web-boundaries.js'

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'apps/web/build/**',
      'apps/web/.react-router/**',
      'apps/server/dist/**',
      'test-results/**',
      'playwright-report/**',
      '.e2e-data/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  ...webImportBoundaries,
  ...serverImportBoundaries,
  // One clock (docs/architecture.md, "Time"): the server writes and compares every time from the app's clock, which
  // tests set, never from the database's, and the test factories write what the app would read as now.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TaggedTemplateExpression[tag.name="sql"] TemplateElement[value.raw=/\\b(now\\(\\)|current_timestamp|current_date|localtimestamp)/i]',
          message: "Pass the app's clock (deps.now) as a parameter instead of the database's clock.",
        },
      ],
    },
  },
  {
    files: ['apps/server/src/test/factories/**/*.ts'],
    ignores: ['apps/server/src/test/factories/doubles.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'NewExpression[callee.name="Date"][arguments.length=0]', message: 'Write times from the test app’s clock: new Date(t.now()).' },
        { selector: 'CallExpression[callee.object.name="Date"][callee.property.name="now"]', message: 'Write times from the test app’s clock: t.now().' },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'apps/server/src/test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-console': 'off' },
  },
)
