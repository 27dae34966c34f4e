import { existsSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const SERVER_PORT = process.env.SERVER_PORT ?? '3000';
const serverTarget = `http://127.0.0.1:${SERVER_PORT}`;
const webRoot = import.meta.dirname;

function resolveSource(base: string): string {
  const candidates = [`${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`];
  return candidates.find((candidate) => existsSync(candidate)) ?? base;
}

/**
 * Gives every `page(() => import('...'))` of the router the source path of its page as a second argument, so
 * the server names the page's script and styles in the HTML it renders (apps/server/src/http/ssr.ts).
 */
function pageModuleIds(): Plugin {
  return {
    name: 'caravan-page-module-ids',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('/src/app/router.tsx')) {
        return null;
      }
      const dir = path.dirname(id);
      return code.replace(/\bpage\(\s*\(\) => import\('([^']+)'\),?\s*\)/g, (_all, specifier: string) => {
        const source = path
          .relative(webRoot, resolveSource(path.resolve(dir, specifier)))
          .split(path.sep)
          .join('/');
        return `page(() => import('${specifier}'), '${source}')`;
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), pageModuleIds()],
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    // The manifest lets scripts/check-bundle.mjs measure exactly what /index loads and the server name a page's
    // files; the server build's own manifest names its entry, hashed so a rebuild loads as new modules.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The shared contracts are pure declarations: importing a constant must not drag zod schemas into /index.
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src/, sideEffects: false }] },
      ...(isSsrBuild ? { output: { entryFileNames: '[name]-[hash].js' } } : {}),
    },
  },
  ssr: {
    // One self-contained server bundle: Ant Design's deep ES imports do not resolve in Node on their own.
    noExternal: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': serverTarget,
      '/uploads': serverTarget,
      '/ws': { target: serverTarget, ws: true },
    },
  },
}));
