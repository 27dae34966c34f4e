// `npm run dev`: API server with reload on 3000 and Vite with hot reload on 5173 (proxying /api and /uploads).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { SERVE_WEB: 'false', ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', '@caravan/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => {
  for (const child of children) {
    child.kill(signal);
  }
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
