import { loadConfig } from '../../config';
import { checkConfiguredLedger } from './check';

/** `npm run ledger:check`: checks the configured database; exits 1 on any breach, 2 if it cannot run. */
async function main() {
  process.exitCode = (await checkConfiguredLedger(loadConfig())) ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
