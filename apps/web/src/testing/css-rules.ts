import { existsSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';

/**
 * The declarations of a stylesheet's rules, for tests of CSS that jsdom cannot lay out: `path` from the repository's
 * root (tests run from it or from apps/web). A selector the file does not start a rule with fails the test.
 */
export function cssRulesOf(path: string): (selector: string) => string {
  const found = [path, path.replace(/^apps\/web\//, '')].find((candidate) => existsSync(candidate));
  const css = found ? readFileSync(found, 'utf8') : '';
  return (selector) => {
    const start = css.indexOf(`\n${selector} {`);
    expect(start, selector).toBeGreaterThanOrEqual(0);
    return css.slice(start, css.indexOf('}', start));
  };
}
