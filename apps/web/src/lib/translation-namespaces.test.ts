import { describe, expect, it } from 'vitest';

/**
 * Every component's source (tests and test helpers aside), by its path from here ('../components/ui/x.tsx').
 * Read as text: the rule below is about which component renders which, as written.
 */
const SOURCES = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx', '!../testing/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

/** Loaded before any page renders (lib/i18n.ts `ns`): no component needs to ask for them. */
const ALWAYS_LOADED = new Set(['common', 'validation']);

/** The namespaces a file's own `useTranslation` calls ask for ('common' for a call without any). */
function ownNamespaces(source: string): Set<string> {
  const namespaces = new Set<string>();
  for (const call of source.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')?/g)) {
    if (!call[1]) {
      namespaces.add('common');
      continue;
    }
    for (const name of call[1].matchAll(/'([^']+)'/g)) {
      namespaces.add(name[1] ?? '');
    }
  }
  return namespaces;
}

/** '../a/b/c.tsx' with './d' -> '../a/b/d.tsx' (or its index.tsx), when that is a component's source. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) {
    return undefined;
  }
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') {
      parts.pop();
    } else if (part !== '.') {
      parts.push(part);
    }
  }
  const base = parts.join('/');
  return [`${base}.tsx`, `${base}/index.tsx`].find((candidate) => candidate in SOURCES);
}

/** The component files a file renders (`<Name` of a name it imports from one). */
function renderedFiles(path: string, source: string): string[] {
  const imported = new Map<string, string>();
  for (const statement of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    const target = resolveImport(path, statement[2] ?? '');
    for (const name of (statement[1] ?? '').split(',')) {
      const local = name
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop();
      if (target && local) {
        imported.set(local, target);
      }
    }
  }
  return [...source.matchAll(/<([A-Z]\w*)[\s/>]/g)].flatMap((tag) => imported.get(tag[1] ?? '') ?? []);
}

describe('the dictionaries a component needs', () => {
  it("are asked for by every component that renders it, so none loads later and blanks the page (QA: the address form's area codes)", () => {
    // A component that mounts later (a dialog's content, a drawer, a list once its data is in) and asks for a
    // dictionary nobody loaded yet suspends: the page's boundary shows its skeleton, the page jumps to the top.
    // The host's own useTranslation, which runs with the page, loads them before the page first shows.
    const namespaces = new Map(
      Object.entries(SOURCES).map(([path, source]) => [path, ownNamespaces(source)]),
    );
    const missing: string[] = [];
    for (const [path, source] of Object.entries(SOURCES)) {
      const own = namespaces.get(path) ?? new Set();
      if (own.size === 0) {
        continue; // no dictionary of its own: it renders its parts with its host, whose hook loaded theirs
      }
      for (const child of new Set(renderedFiles(path, source))) {
        const wanted = [...(namespaces.get(child) ?? [])].filter(
          (name) => !ALWAYS_LOADED.has(name) && !own.has(name),
        );
        if (wanted.length > 0) {
          missing.push(`${path} renders ${child}, which needs ${wanted.join(', ')}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('finds what a component renders and asks for (the rule above can fail)', () => {
    const path = '../components/address/address-form-modal.tsx';
    expect(renderedFiles(path, SOURCES[path] ?? '')).toContain('../components/auth/area-code-select.tsx');
    expect([...ownNamespaces(SOURCES['../components/auth/area-code-select.tsx'] ?? '')]).toEqual(['auth']);
  });
});
