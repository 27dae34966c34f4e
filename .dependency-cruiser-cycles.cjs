// No circle between server modules (docs/decisions.md, "Module boundaries"), checked by `npm run lint`.
// Run on apps/server/src/modules alone, so a folder is a module; tests and test fixtures are left out
// (they run after every module has loaded). Type-only imports count: a module's types belong to it too.
const { options } = require('./.dependency-cruiser.cjs');

const MODULES = '^apps/server/src/modules/';

module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      comment: 'Modules never depend on each other in a circle (type-only imports count too).',
      severity: 'error',
      scope: 'folder',
      from: { path: `${MODULES}[^/]+$` },
      to: { path: `${MODULES}[^/]+$`, circular: true },
    },
  ],
  options: {
    ...options,
    includeOnly: MODULES,
    exclude: { path: [...options.exclude.path, '(\\.test\\.ts|/test-fixtures\\.ts)$'] },
  },
};
