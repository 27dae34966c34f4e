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

/**
 * The rules of a stylesheet inside its `@media <query> {` blocks (each at a line's start, up to the `}` that ends
 * it), one after the other: for the CSS of narrow screens. A query the file has no block for fails the test.
 */
export function cssMediaBlock(path: string, query: string): string {
  const found = [path, path.replace(/^apps\/web\//, '')].find((candidate) => existsSync(candidate));
  const css = found ? readFileSync(found, 'utf8') : '';
  const blocks: string[] = [];
  for (
    let start = css.indexOf(`\n@media ${query} {`);
    start >= 0;
    start = css.indexOf(`\n@media ${query} {`, start + 1)
  ) {
    blocks.push(css.slice(start, css.indexOf('\n}\n', start)));
  }
  expect(blocks.length, query).toBeGreaterThan(0);
  return blocks.join('\n');
}

/**
 * The phone rule of `.cv-table-code` (global.css): a long value at a table's start held narrow enough that it and the
 * pinned actions column both fit a 360 px screen.
 */
export function tableCodeOnPhone(): string {
  const block = cssMediaBlock('apps/web/src/app/global.css', '(max-width: 575px)');
  const start = block.indexOf('.cv-table-code {');
  expect(start, '.cv-table-code on a phone').toBeGreaterThanOrEqual(0);
  return block.slice(start, block.indexOf('}', start));
}
