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

/**
 * A text read as `t('errors:X')` from a namespace no `useTranslation` of its file names is shown as its key
 * ("DISCOUNT_INVALID" under the product editor's discount field) until something else loads that namespace.
 */
describe('namespaces read by prefix', () => {
  it('are loaded by the file that reads them', () => {
    const unloaded: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      const read = new Set([...text.matchAll(/\bt\(\s*['`]([a-z][A-Za-z-]*):/g)].map((m) => m[1]!));
      if (read.size === 0) {
        continue;
      }
      const loaders = [...text.matchAll(/(?:useTranslation|loadNamespaces)\(([^)]*)\)/g)];
      if (loaders.length === 0 && text.includes('TFunction')) {
        continue; // a helper given its caller's `t`: the caller loads what it reads
      }
      const loaded = new Set(ALWAYS_LOADED);
      for (const call of loaders) {
        for (const name of call[1]!.matchAll(/'([A-Za-z-]+)'/g)) {
          loaded.add(name[1]!);
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
