import { describe, expect, it } from 'vitest';

/** The app's own sources (not tests), as text. */
const SOURCES = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

/**
 * An Ant Design icon by its own name, or one handed over as a component (a console's or the user centre's menu
 * renders its entries' TMenuIcon as `<Icon …>`).
 */
const ICON_TAG = /<([A-Z][A-Za-z]*(?:Outlined|Filled|TwoTone)|Icon)(?=[\s/>])/g;

/** The attributes of the opening tag that starts at `from` (braces skipped: a style's `>` is no end). */
function openingTagAttributes(source: string, from: number): string {
  let depth = 0;
  for (let i = from; i < source.length; i++) {
    const char = source[i];
    if (char === '{') {
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
    } else if (char === '>' && depth === 0) {
      return source.slice(from, i);
    }
  }
  return source.slice(from);
}

describe('Ant Design icons', () => {
  it('are hidden from screen readers or named on purpose', () => {
    // An icon says its own name in English (role="img", aria-label="dashboard"): beside a menu entry's or a
    // button's text a screen reader read "dashboard Tableau de bord". Decorative ones carry aria-hidden.
    const unnamed: string[] = [];
    for (const [file, source] of Object.entries(SOURCES)) {
      for (const match of source.matchAll(ICON_TAG)) {
        const attributes = openingTagAttributes(source, match.index + match[0].length);
        if (!attributes.includes('aria-')) {
          unnamed.push(`${file.replace('../', '')}: <${match[1]}${attributes}>`);
        }
      }
    }
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    // The menus hide the icons they are handed, in one place each.
    for (const menu of ['../components/console/console-layout.tsx', './layout/user-center-layout.tsx']) {
      expect(SOURCES[menu], menu).toMatch(/<Icon aria-hidden \/>/);
    }
    expect(unnamed).toEqual([]);
  });
});
