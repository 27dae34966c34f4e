// Seeds the browser tests' demo data into E2E_SEED_CACHE ahead of them: `node --import tsx e2e/seed-templates.ts`.
// CI runs it in its build phase, beside lint and typecheck, and starts the bundle check on a copy of the seeded
// PGlite directory; the browser lanes then find the seeding done (seeded-data.ts) instead of one lane seeding while
// the other waits. Prints the seeded PGlite directory.
// @ts-expect-error plain ESM script without types
import { ensureServerBuild } from '../scripts/server-build.mjs';
import { seedTemplates } from './seeded-data';

if (!process.env.E2E_SEED_CACHE) {
  console.error('E2E_SEED_CACHE must name the directory that keeps the seeding for the browser tests');
  process.exit(1);
}
await ensureServerBuild();
const seeded = await seedTemplates();
console.log(seeded.seededPgliteDir);
