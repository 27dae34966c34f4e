import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
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

/**
 * The service worker's offline page (public/sw.js), a static file with its texts in every language
 * (src/locales/<lang>/pwa.json); it picks the stored language, else the browser's.
 */
function offlinePage(): Plugin {
  return {
    name: 'caravan-offline-page',
    apply: 'build',
    generateBundle() {
      if (this.environment.config.consumer === 'server') {
        return;
      }
      const localesDir = path.join(webRoot, 'src/locales');
      const texts: Record<string, unknown> = {};
      for (const lang of readdirSync(localesDir)) {
        const file = path.join(localesDir, lang, 'pwa.json');
        if (existsSync(file)) {
          texts[lang] = (JSON.parse(readFileSync(file, 'utf8')) as { offline: unknown }).offline;
        }
      }
      // Script and styles are files of their own: the Content-Security-Policy allows no inline ones here.
      const html = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#0F766E"><title>Caravan</title><link rel="icon" href="/favicon.svg">
<link rel="stylesheet" href="/offline.css"></head>
<body><main><img src="/favicon.svg" alt="" width="64" height="64"><h1 id="t"></h1><p id="x"></p><button id="r" type="button"></button></main>
<script src="/offline.js"></script></body></html>
`;
      const css = `body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Arial,sans-serif;background:#f5f6f8;color:#1f2937;display:flex;min-height:100vh;align-items:center;justify-content:center;text-align:center;padding:24px;box-sizing:border-box}main{max-width:420px}img{width:64px;height:64px}button{margin-top:16px;padding:10px 20px;border:0;border-radius:8px;background:#0f766e;color:#fff;font-size:16px;cursor:pointer}
`;
      const script = `var T=${JSON.stringify(texts)};var s=null;try{s=localStorage.getItem('language')}catch(e){}
var n=(navigator.language||'en').toLowerCase();var l=T[s]?s:T[n.slice(0,2)]?n.slice(0,2):n.indexOf('zh-tw')===0?'tw':n.indexOf('zh')===0?'cn':'en';if(!T[l])l='en';
var d=T[l];document.documentElement.lang=l;if(['ar','ur','fa','pr'].indexOf(l)>=0)document.documentElement.dir='rtl';
document.getElementById('t').textContent=d.title;document.getElementById('x').textContent=d.text;
var b=document.getElementById('r');b.textContent=d.retry;b.addEventListener('click',function(){location.reload()});
`;
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: html });
      this.emitFile({ type: 'asset', fileName: 'offline.css', source: css });
      this.emitFile({ type: 'asset', fileName: 'offline.js', source: script });
    },
  };
}

/**
 * Marks the entry and the chunks it imports at once with V8's explicit compile hint (`//# allFunctionsCalledOnLoad`,
 * Chromium 136 and later; other engines read a comment). Without it V8 compiles a function when it is first called:
 * on the main thread, inside the boot module's evaluation and hydration's tasks (on home, 199 functions compiled and
 * 207 parsed, 50 of the boot module's 56 ms). With it V8 compiles the whole file while it streams in, on a
 * background thread. Home, ten alternating fresh phone loads: main-thread task time 748 -> 643 ms (median),
 * the boot module's evaluation 56 -> 26 ms (docs/operations.md, web vitals). Lazy chunks stay lazily compiled:
 * most of their code never runs on a given page.
 */
function compileHintsForBoot(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'caravan-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's own, which put `__vite__mapDeps` at the top: the hint counts only as a file's first line.
      order: 'post',
      handler(_options, bundle) {
        if (this.environment.config.consumer === 'server') {
          return;
        }
        const chunks = new Map(
          Object.values(bundle).flatMap((output) =>
            output.type === 'chunk' ? [[output.fileName, output]] : [],
          ),
        );
        const pending = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
        const hinted = new Set<string>();
        while (pending.length > 0) {
          const fileName = pending.pop()!;
          const chunk = chunks.get(fileName);
          if (!chunk || hinted.has(fileName)) {
            continue;
          }
          hinted.add(fileName);
          pending.push(...chunk.imports);
          // The file name's hash does not cover this line; it is the same in every build, so a name still names one content.
          chunk.code = HINT + chunk.code;
          if (chunk.map) {
            // One more line at the top: every mapping moves down by one.
            chunk.map.mappings = `;${chunk.map.mappings}`;
          }
        }
      },
    },
  };
}

/**
 * Two <style> elements of Ant Design's helper libraries go in without the page's CSP nonce, so the
 * Content-Security-Policy refused them and each logged a violation: the tables' scrollbar measure
 * (@rc-component/util, react-component/util#613) and the scroll lock of every dialog and drawer
 * (@rc-component/portal, react-component/portal#35), which left the page scrolling behind an open one. Both
 * calls get the nonce the rest of Ant Design's styles carry (lib/csp-nonce.ts, read the same way). Should an update
 * change a call, the build stops here: the upstream code may pass a nonce itself by then, and its entry can go.
 */
function libraryStyleNonces(): Plugin {
  const NONCE = `{ csp: { nonce: document.querySelector('meta[name="csp-nonce"]')?.content || undefined } }`;
  const CALLS = [
    {
      what: 'scrollbar measure',
      module: /[\\/]@rc-component[\\/]util[\\/]es[\\/]getScrollBarSize\.js$/,
      call: /\bupdateCSS\((`[^`]*`), randomId\)/,
      nonced: `updateCSS($1, randomId, ${NONCE})`,
    },
    {
      what: 'scroll lock',
      module: /[\\/]@rc-component[\\/]portal[\\/]es[\\/]useScrollLocker\.js$/,
      // The template holds a nested one (the scrollbar's width): up to the first "`, id)".
      call: /\bupdateCSS\((`[\s\S]*?`), id\)/,
      nonced: `updateCSS($1, id, ${NONCE})`,
    },
  ];
  return {
    name: 'caravan-library-style-nonces',
    apply: 'build',
    transform(code, id) {
      const entry = CALLS.find((candidate) => candidate.module.test(id));
      if (!entry) {
        return null;
      }
      if (!entry.call.test(code)) {
        this.error(`${id}: the ${entry.what}'s updateCSS call changed; see whether it takes a nonce now`);
      }
      return code.replace(entry.call, entry.nonced);
    },
  };
}

/**
 * Fewer script requests for the storefront's first load (issue 11, docs/decisions.md "web vitals"): everything the
 * entry imports at once is one file, and the small pieces that lazy chunks share are copied into them rather than
 * each fetched on its own (rolldown otherwise makes a file of every shared icon and helper: ~60 requests).
 */
const CLIENT_CHUNKS = {
  groups: [
    { name: 'boot', tags: ['$initial' as const] },
    // The zod-free contract helpers (money, constants) the public pages use; left alone, rolldown puts them in
    // one chunk with zod and every schema (38 KB gzip).
    {
      name: 'contracts-lite',
      test: /packages[\\/]contracts[\\/]src[\\/](money|constants|languages)\.ts$/,
      includeDependenciesRecursively: false,
    },
  ],
  experimentalInlineCommonChunks: { maxSize: 6 * 1024 },
};

const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Built files worth compressing (text), and smaller than which compression gains nothing. */
const COMPRESSIBLE_ASSET = /^assets\/.+\.(js|css|json|svg)$/;
const MIN_COMPRESSED_BYTES = 1024;

/**
 * Every script and stylesheet of the client build also as `.br` (brotli at its best) and `.gz` (gzip at its best)
 * beside it, which the server sends as they are (@fastify/static `preCompressed`, apps/server/src/http/web.ts). The
 * server used to gzip each request for a script again at zlib's default level: about 9 ms of its CPU for the
 * 490 KB boot chunk, and 170 KB of script on the wire for a product page, where brotli sends 147 KB (issue 11, web
 * vitals).
 */
function precompressedAssets(): Plugin {
  return {
    name: 'caravan-precompressed-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (this.environment.config.consumer === 'server' || !options.dir) {
        return;
      }
      const outDir = options.dir;
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => COMPRESSIBLE_ASSET.test(file))
          .map(async (file) => {
            const full = path.join(outDir, file);
            const bytes = await readFile(full);
            if (bytes.length < MIN_COMPRESSED_BYTES) {
              return;
            }
            const [brotli, gzipped] = await Promise.all([
              brotliCompressAsync(bytes, {
                params: {
                  [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
                  [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
              gzipAsync(bytes, { level: zlibConstants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${full}.br`, brotli), writeFile(`${full}.gz`, gzipped)]);
          }),
      );
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    pageModuleIds(),
    offlinePage(),
    compileHintsForBoot(),
    libraryStyleNonces(),
    precompressedAssets(),
  ],
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    // The manifest lets scripts/check-bundle.mjs measure exactly what /index loads and the server name a page's
    // files; the server build's own manifest names its entry, hashed so a rebuild loads as new modules.
    manifest: true,
    // No preload lists in the bundle: they named every file each of the ~500 lazy imports (pages, dictionaries)
    // needs, 8 KB gzip in the storefront's first load. The server's HTML preloads what a page needs
    // (apps/server/src/http/ssr.ts); a later navigation fetches a page and then its few shared chunks.
    modulePreload: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The shared contracts are pure declarations: importing a constant must not drag zod schemas into /index.
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src/, sideEffects: false }] },
      output: isSsrBuild ? { entryFileNames: '[name]-[hash].js' } : { codeSplitting: CLIENT_CHUNKS },
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
