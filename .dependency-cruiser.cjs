// Server module boundaries (docs/decisions.md, "Module boundaries"), checked by `npm run lint`.
// A module is one folder under apps/server/src/modules; its public surface is its index.ts, and test
// helpers other modules' tests may use are its test-fixtures.ts.
const MODULES = '^apps/server/src/modules/';
const MODULE_FILES = '^apps/server/src/modules/[^/]+/';
const TESTS = '(\\.test\\.ts|/test-fixtures\\.ts)$|^apps/server/src/testing/';

module.exports = {
  forbidden: [
    {
      name: 'module-through-index',
      comment:
        "A module reaches another module only through that module's index.ts (test files may also use its test-fixtures.ts).",
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/`, pathNot: TESTS },
      to: {
        path: `${MODULES}[^/]+/`,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'module-test-through-index-or-fixtures',
      comment: 'A test reaches another module only through its index.ts or its test-fixtures.ts.',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/(.*\\.test\\.ts|test-fixtures\\.ts)$` },
      to: {
        path: `${MODULES}[^/]+/`,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/(index|test-fixtures)\\.ts$`],
      },
    },
    {
      name: 'outside-through-index',
      comment:
        'Code outside the modules (app setup, db/seed, jobs, http, bench, scripts) reaches a module only through its index.ts (tests also through its test-fixtures.ts).',
      severity: 'error',
      from: { pathNot: [MODULE_FILES, TESTS] },
      to: { path: `${MODULES}[^/]+/`, pathNot: `${MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: 'outside-test-through-index-or-fixtures',
      comment: 'A test outside the modules reaches a module only through its index.ts or test-fixtures.ts.',
      severity: 'error',
      from: { path: TESTS, pathNot: MODULE_FILES },
      to: { path: `${MODULES}[^/]+/`, pathNot: `${MODULES}[^/]+/(index|test-fixtures)\\.ts$` },
    },
  ],
  options: {
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '(^|/)dist/', '^apps/web/dist'] },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] },
    cache: false,
  },
};
