import { describe, expect, it } from 'vitest';
import { pageText, preparePage } from './page-bytes';
import { withInlineNonces } from './security-headers';
import { stylesWithSharedRules } from './ssr';

describe("a page's Ant Design styles", () => {
  const styles =
    '<style data-rc-order="prepend" data-css-hash="a1">.cv-a{color:red}</style>' +
    '<style data-ant-cssinjs-cache-path="data-ant-cssinjs-cache-path">.data-ant-cssinjs-cache-path{content:"x"}</style>';
  const nonces = { script: 'script-nonce', style: 'style-nonce' };

  it('read as the page has them, each element with the answer’s nonce', () => {
    expect(pageText(preparePage(stylesWithSharedRules(styles)), nonces)).toBe(
      withInlineNonces(styles, nonces),
    );
  });

  it('give each element’s rules as a text many pages share, and the tags as the page’s own', () => {
    const source = stylesWithSharedRules(styles);
    expect(source.filter((part) => typeof part !== 'string')).toEqual([
      { shared: '.cv-a{color:red}' },
      { shared: '.data-ant-cssinjs-cache-path{content:"x"}' },
    ]);
    // Made once per text: the renderer hands out the same string while a page kind's styles stay the same.
    expect(stylesWithSharedRules(styles)).toBe(source);
  });

  it('leave text with no style element as the page’s own', () => {
    expect(stylesWithSharedRules('')).toEqual(['']);
  });
});
