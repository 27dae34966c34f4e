// `npm start`: builds what is needed, then serves the whole product (API + web) on PORT (default 3000).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureWebBuild();

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
