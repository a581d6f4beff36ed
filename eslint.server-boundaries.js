import fs from 'node:fs'
import path from 'node:path'

// Imports in the server run one way (docs/decisions/025-server-module-boundaries.md):
// - lib/ is shared building blocks: it imports no module and no adapter;
// - adapters/ import no module;
// - a module uses another only through that module's public.ts, and only a module below it in MODULE_DIRECTION;
// - the app's own files (app.ts, main.ts, jobs/, …) use modules through their public.ts.
// Tests may reach inside: they set up and check what the modules keep to themselves.

const server = 'apps/server/src'

/** Which modules each module may use: every arrow points down, so no two modules can need each other. */
export const MODULE_DIRECTION = {
  shop: [],
  identity: ['shop'],
  'hosted-sign-in': ['identity', 'shop'],
  content: ['shop'],
  commerce: ['identity', 'shop'],
  memberships: ['commerce', 'identity', 'shop'],
  booking: ['commerce', 'identity', 'memberships', 'shop'],
  account: ['booking', 'commerce', 'identity', 'shop'],
  reports: ['account', 'booking', 'commerce', 'identity', 'shop'],
  messages: ['booking', 'commerce', 'identity', 'memberships', 'shop'],
}

const modules = fs
  .readdirSync(path.join(import.meta.dirname, server, 'modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
for (const name of modules) {
  if (!(name in MODULE_DIRECTION)) throw new Error(`eslint.server-boundaries.js: say which modules "${name}" may use in MODULE_DIRECTION`)
}

// Module names are letters and dashes; a dash needs no escape outside a character class (and may not have one under the u flag).
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
const rule = (patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] })
const tests = ['**/*.test.ts', `${server}/test/**`]

/** Inside a module, the repositories are the only code that writes SQL: the rest may name the database's types only. */
const REPOSITORIES = '**/*.repository.ts'
const SQL_ONLY_IN_REPOSITORIES = {
  group: ['@salon/db', '@salon/db/*', 'drizzle-orm', 'drizzle-orm/*'],
  allowTypeImports: true,
  message: 'Only a repository (*.repository.ts) writes SQL: move the query into one and call it. Other files may import types only.',
}

const boundaries = [
  {
    files: [`${server}/lib/**`],
    patterns: [
      {
        regex: '(^|/)(modules|adapters)/',
        message: 'lib/ is shared building blocks and knows no module or adapter: pass what it needs in, or move the code into the module.',
      },
    ],
  },
  {
    files: [`${server}/adapters/**`],
    patterns: [{ regex: '(^|/)modules/', message: 'An adapter knows no module: the module uses the adapter, not the other way round.' }],
  },
  ...modules.flatMap((name) => {
    const allowed = MODULE_DIRECTION[name]
    const others = [name, ...allowed].map(escape).join('|')
    const patterns = [
      {
        regex: `^(\\.\\./|\\.\\./\\.\\./modules/)(?!(${others})/)[^./][^/]*/`,
        message: `The ${name} module may use only ${allowed.length ? allowed.join(', ') : 'no other module'} (MODULE_DIRECTION in eslint.server-boundaries.js): move the shared part down, or let the app compose them.`,
      },
      ...(allowed.length
        ? [
            {
              regex: `^(\\.\\./|\\.\\./\\.\\./modules/)(${allowed.map(escape).join('|')})/(?!public\\.ts$)`,
              message: "A module uses another only through that module's public.ts, what it offers on purpose.",
            },
          ]
        : []),
    ]
    return [
      {
        files: [`${server}/modules/${name}/**`],
        ignores: [REPOSITORIES],
        patterns: [...patterns, SQL_ONLY_IN_REPOSITORIES],
      },
      { files: [`${server}/modules/${name}/${REPOSITORIES}`], patterns },
    ]
  }),
  {
    files: [`${server}/*.ts`, `${server}/jobs/**`, `${server}/setup/**`],
    patterns: [{ regex: '(^|/)modules/[^/]+/(?!public\\.ts$)', message: 'The app uses a module only through its public.ts.' }],
  },
]

export const serverImportBoundaries = boundaries.map(({ files, ignores = [], patterns }) => ({ files, ignores: [...tests, ...ignores], rules: rule(patterns) }))
