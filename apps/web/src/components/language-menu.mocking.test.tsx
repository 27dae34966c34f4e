import { LANGUAGE_TAGS } from '@caravan/contracts/languages';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listMenuLanguages } from '../lib/language';
import { setUpComponentTests } from '../testing/render';
import { LanguageMenu } from './language-menu';

const switchLanguage = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../lib/language-switch', () => ({ switchLanguage }));

setUpComponentTests();

function open(menu: HTMLDetailsElement) {
  act(() => {
    menu.open = true;
    menu.dispatchEvent(new Event('toggle'));
  });
}

function renderMenu(entry: string) {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <LanguageMenu />
      <button type="button">elsewhere</button>
    </MemoryRouter>,
  );
  const menu = screen.getByText('English', { selector: '.cv-lang__current' }).closest('details');
  if (!menu) {
    throw new Error('no language menu');
  }
  return menu;
}

describe('LanguageMenu', () => {
  beforeEach(() => switchLanguage.mockClear());

  it('lists every language as a link to this page in that language, named in its own language', () => {
    const menu = renderMenu('/commodity?cid=3');
    open(menu);
    const links = [...menu.querySelectorAll<HTMLAnchorElement>('a.cv-lang__option')];
    // Tagged in BCP 47 (zh-CN, fil), not with the app's own codes (cn, ph): screen readers pick their voice by it.
    expect(links.map((link) => link.hreflang)).toEqual(
      listMenuLanguages(import.meta.env.DEV).map((code) => LANGUAGE_TAGS[code]),
    );
    expect(links.map((link) => link.lang)).toEqual(links.map((link) => link.hreflang));
    expect(links.find((link) => link.textContent === 'Filipino')?.getAttribute('href')).toBe(
      '/commodity?cid=3&lang=ph',
    );
    const arabic = links.find((link) => link.hreflang === 'ar');
    expect(arabic?.getAttribute('href')).toBe('/commodity?cid=3&lang=ar');
    expect(arabic?.lang).toBe('ar');
    expect(arabic?.textContent).toBe('العربية');
    expect(
      links.filter((link) => link.getAttribute('aria-current') === 'true').map((link) => link.hreflang),
    ).toEqual(['en']);
    expect(menu.querySelector('summary')?.textContent).toBe('Language: English');
  });

  it('holds no list while closed: nothing to lay out, and the same markup on every page', () => {
    const menu = renderMenu('/commodity?cid=3');
    expect(menu.open).toBe(false);
    expect(menu.querySelectorAll('a')).toHaveLength(0);
    expect(menu.outerHTML).not.toContain('commodity');
  });

  it('stores the choice and reloads through switchLanguage instead of following the link', () => {
    const menu = renderMenu('/index');
    open(menu);
    const german = menu.querySelector<HTMLAnchorElement>('a[hreflang="de"]');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => {
      german?.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    expect(switchLanguage).toHaveBeenCalledWith('de');
  });

  it('leaves a click with a modifier key to the browser (open in a new tab)', () => {
    const menu = renderMenu('/index');
    open(menu);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    act(() => {
      menu.querySelector('a[hreflang="fr"]')?.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(false);
    expect(switchLanguage).not.toHaveBeenCalled();
  });

  it('closes on Escape, giving focus back to its button, and on a press outside it', () => {
    const menu = renderMenu('/index');
    const summary = menu.querySelector('summary') as HTMLElement;
    open(menu);
    fireEvent.keyDown(menu.querySelector('a[hreflang="ja"]') as HTMLElement, { key: 'Escape' });
    expect(menu.open).toBe(false);
    expect(document.activeElement).toBe(summary);

    open(menu);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'elsewhere' }));
    expect(menu.open).toBe(false);
  });
});
