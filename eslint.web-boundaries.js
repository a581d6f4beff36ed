import fs from 'node:fs'
import path from 'node:path'

// Imports in the web app run one way: components and lib, then features, then routes (docs/decisions/011-data-and-imports-in-the-web-app.md).
// - components/ and lib/ import no feature, route or the root route;
// - a feature imports another feature only through that feature's public.ts, what it offers on purpose;
// - a route imports features, components and lib, and another route's types only.
// Relative paths are what the web app uses, so the patterns read them.

const app = 'apps/web/app'
const features = fs
  .readdirSync(path.join(import.meta.dirname, app, 'features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)

const rule = (patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] })
const routesOrRoot = {
  regex: '(^|/)(routes/[^+]|root(\\.tsx)?$)',
  message: 'Only routes compose routes: read route data through lib/route-data.ts, or pass it down as props.',
}

// The staff back office (docs/product.md §10) is code-split from the customer pages: its features (staff, staff-…) and
// its routes (routes/staff/) are imported by staff code only, so no customer page ever downloads them.
const isStaff = (feature) => /^staff(-|$)/.test(feature)
const noStaff = {
  regex: '(^|/)(features/staff[^/]*|routes/staff)(/|$)|^\\.\\./staff[^/]*/',
  message: 'Customer pages never load staff code: only the staff features and routes/staff/ import it.',
}
const onlyRoutes = {
  regex: '^\\./(?!\\+types/)',
  allowTypeImports: true,
  message: 'A route imports no other route: share through features, components or lib.',
}

const boundaries = [
  {
    files: [`${app}/components/**`, `${app}/lib/**`],
    patterns: [
      { regex: '(^|/)features/', message: 'Shared building blocks import no feature: move the shared part down, or compose in the route.' },
      routesOrRoot,
    ],
  },
  ...features.map((feature) => ({
    files: [`${app}/features/${feature}/**`],
    patterns: [
      {
        regex: `^(\\.\\./|\\.\\./\\.\\./features/)(?!${feature}/)[^./][^/]*/(?!public\\.tsx?$)`,
        message: "A feature uses another feature only through that feature's public.ts, or the route composes them.",
      },
      routesOrRoot,
      ...(isStaff(feature) ? [] : [noStaff]),
    ],
  })),
  { files: [`${app}/routes/**`], patterns: [onlyRoutes, noStaff] },
  { files: [`${app}/*.ts`, `${app}/*.tsx`], patterns: [noStaff] },
  // Listed after the customer routes, so these settings are the ones for the staff pages.
  { files: [`${app}/routes/staff/**`], patterns: [onlyRoutes] },
]

// The contracts modules that define Zod schemas: code that runs in the browser takes their types only, so Zod
// stays out of every page (values it needs are in @salon/contracts/rules/*). Server-only modules and tests may.
const zodModules = {
  regex: '^@salon/contracts/(account|booking|commerce|content|shop|errors|salon-setup|staff(-[a-z]+)?)$',
  allowTypeImports: true,
  message: 'This contracts module loads Zod: import its types only, or take the value from @salon/contracts/rules/*.',
}
const serverOrTest = ['**/*.server.ts', '**/*.server.tsx', '**/*.test.ts', '**/*.test.tsx']

export const webImportBoundaries = boundaries.flatMap(({ files, patterns }) => [
  { files, rules: rule(patterns) },
  { files, ignores: serverOrTest, rules: rule([...patterns, zodModules]) },
])
