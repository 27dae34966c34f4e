import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Loaded at start (lib/i18n.ts `ns`), so any component may read them. */
const ALWAYS_LOADED = new Set(['common', 'validation']);
const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return sourceFiles(full);
    }
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every namespace of the app's dictionaries (web and shared), so `'errors:X'` in a lookup table counts as a read. */
const NAMESPACES = new Set([
  ...readdirSync(path.join(SRC, 'locales', 'en'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.replace(/\.json$/, '')),
  'errors',
  'validation',
]);

/** The namespaces a file reads by prefix: in `t('ns:key')` or as a key kept in a table (`paid: 'errors:X'`). */
function namespacesRead(text: string): Set<string> {
  return new Set(
    [...text.matchAll(/['`]([a-z][A-Za-z-]*):[A-Za-z_$]/g)]
      .map((match) => match[1]!)
      .filter((name) => NAMESPACES.has(name)),
  );
}

/** The files a file imports by a relative path, resolved as Vite does (with .ts, .tsx or index). */
function relativeImports(file: string, text: string): string[] {
  return [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)].flatMap((match) => {
    const base = path.resolve(path.dirname(file), match[1]!);
    return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].filter((candidate) =>
      files.has(candidate),
    );
  });
}

const files = new Map(sourceFiles(SRC).map((file) => [file, readFileSync(file, 'utf8')]));

/**
 * A text read as `t('errors:X')` from a namespace no `useTranslation` of its file names is shown as its key
 * ("DISCOUNT_INVALID" under the product editor's discount field) until something else loads that namespace. A helper
 * given its caller's `t` (lib/image-file.ts) or a table of keys (the refund hints) reads with its importer's
 * namespaces: each file importing it, directly or through another such file, must load what it reads
 * ("IMAGE_TOO_LARGE" as a shop logo's toast).
 */
describe('namespaces read by prefix', () => {
  it('are loaded by the file that reads them, or by every file using the helper that reads them', () => {
    const helperReads = new Map<string, Set<string>>();
    const loadedBy = new Map<string, Set<string>>();
    for (const [file, text] of files) {
      const loaders = [...text.matchAll(/(?:useTranslation|loadNamespaces)\(([^)]*)\)/g)];
      // No loader of its own: a helper given its caller's `t`, or a table of keys its importers translate.
      if (loaders.length === 0) {
        helperReads.set(file, namespacesRead(text));
        continue;
      }
      const loaded = new Set(ALWAYS_LOADED);
      for (const call of loaders) {
        for (const name of call[1]!.matchAll(/'([A-Za-z-]+)'/g)) {
          loaded.add(name[1]!);
        }
      }
      loadedBy.set(file, loaded);
    }
    // A helper importing another helper reads what that one reads: spread until nothing changes.
    let isGrowing = true;
    while (isGrowing) {
      isGrowing = false;
      for (const [helper, reads] of helperReads) {
        for (const imported of relativeImports(helper, files.get(helper)!)) {
          for (const namespace of helperReads.get(imported) ?? []) {
            if (!reads.has(namespace)) {
              reads.add(namespace);
              isGrowing = true;
            }
          }
        }
      }
    }
    const unloaded: string[] = [];
    for (const [file, loaded] of loadedBy) {
      const text = files.get(file)!;
      const read = namespacesRead(text);
      for (const imported of relativeImports(file, text)) {
        for (const namespace of helperReads.get(imported) ?? []) {
          read.add(namespace);
        }
      }
      for (const namespace of read) {
        if (!loaded.has(namespace)) {
          unloaded.push(`${path.relative(SRC, file)}: ${namespace}`);
        }
      }
    }
    expect(unloaded).toEqual([]);
  });
});
