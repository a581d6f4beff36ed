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
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'apps/server/src/test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-console': 'off' },
  },
)
