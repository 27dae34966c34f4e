import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Header } from '../../app/layout/header';
import UserCenterLayout from '../../app/layout/user-center-layout';
import { renderWithQueries, setUpComponentTests } from '../../testing/render';
import { scrollIntoStrip } from './selected-in-view';

/**
 * The test DOM lays nothing out: a strip 325 px wide whose entries are 150 px each, side by side from its start, moved by
 * its scrollLeft (negative beyond the start of a right-to-left strip, as browsers do).
 */
const STRIP_PX = 325;
const ENTRY_PX = 150;
const STRIP_SELECTOR = '.ant-menu, .cv-nav__list';
const scrollLefts = new WeakMap<Element, number>();
const saved = {
  rect: HTMLElement.prototype.getBoundingClientRect,
  clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
  scrollLeft: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollLeft'),
};

function isRtl(element: Element): boolean {
  return element.closest('[dir="rtl"]') !== null;
}

function layOut() {
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    const strip = this.closest(STRIP_SELECTOR);
    if (!strip) {
      return new DOMRect(0, 0, 0, 0);
    }
    if (this === strip) {
      return new DOMRect(0, 0, STRIP_PX, 40);
    }
    const entry = this.closest('li');
    const index = entry ? [...(entry.parentElement?.children ?? [])].indexOf(entry) : 0;
    const scrolled = scrollLefts.get(strip) ?? 0;
    const left = isRtl(strip) ? STRIP_PX - (index + 1) * ENTRY_PX - scrolled : index * ENTRY_PX - scrolled;
    return new DOMRect(left, 0, ENTRY_PX, 40);
  };
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: Element) {
      return this.matches(STRIP_SELECTOR) ? STRIP_PX : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollLeft', {
    configurable: true,
    get(this: Element) {
      return scrollLefts.get(this) ?? 0;
    },
    set(this: Element, value: number) {
      scrollLefts.set(this, value);
    },
  });
}

function restoreLayout() {
  HTMLElement.prototype.getBoundingClientRect = saved.rect;
  for (const [name, descriptor] of [
    ['clientWidth', saved.clientWidth],
    ['scrollLeft', saved.scrollLeft],
  ] as const) {
    if (descriptor) {
      Object.defineProperty(HTMLElement.prototype, name, descriptor);
    } else {
      delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
    }
  }
}

function UserCentreAt() {
  return (
    <Routes>
      <Route path="/userInfo" element={<UserCenterLayout />}>
        <Route path="*" element={<p>page</p>} />
      </Route>
    </Routes>
  );
}

describe('a sideways-scrolling strip shows its selected entry', () => {
  setUpComponentTests();
  beforeEach(layOut);
  afterEach(() => {
    restoreLayout();
    document.documentElement.removeAttribute('dir');
  });

  it("the user centre's menu opens at Settings on /userInfo/setup/shipping-address", async () => {
    await renderWithQueries(<UserCentreAt />, '/userInfo/setup/shipping-address');
    const strip = document.querySelector('.cv-user-centre__menu .ant-menu') as HTMLElement;
    const settings = screen.getByRole('menuitem', { name: /Settings/ });
    expect(settings.classList.contains('ant-menu-item-selected')).toBe(true);
    // Settings is the ninth entry (1200-1350 px): scrolled just far enough for its end to show.
    expect(strip.scrollLeft).toBe(9 * ENTRY_PX - STRIP_PX);
    const box = settings.getBoundingClientRect();
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(STRIP_PX);
  });

  it('in Arabic the strip scrolls the other way (negative scrollLeft)', async () => {
    document.documentElement.setAttribute('dir', 'rtl');
    await renderWithQueries(<UserCentreAt />, '/userInfo/money-package/withdraw');
    const strip = document.querySelector('.cv-user-centre__menu .ant-menu') as HTMLElement;
    // Wallet is the sixth entry: 750-900 px from the strip's right edge.
    expect(strip.scrollLeft).toBe(-(6 * ENTRY_PX - STRIP_PX));
    const box = screen.getByRole('menuitem', { name: /Wallet/ }).getBoundingClientRect();
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(STRIP_PX);
  });

  it('an entry already in view leaves the strip where it is', async () => {
    await renderWithQueries(<UserCentreAt />, '/userInfo/my-order');
    const strip = document.querySelector('.cv-user-centre__menu .ant-menu') as HTMLElement;
    expect(strip.scrollLeft).toBe(0);
  });

  it("the header's tabs show Discounted on /discounted", async () => {
    await renderWithQueries(<Header />, '/discounted');
    const strip = document.querySelector('.cv-nav__list') as HTMLElement;
    const tab = screen.getByRole('link', { name: 'Discounted' });
    expect(tab.classList.contains('is-active')).toBe(true);
    expect(strip.scrollLeft).toBe(4 * ENTRY_PX - STRIP_PX);
  });

  it('a strip not laid out (hidden) is left alone', () => {
    const strip = document.createElement('div');
    const entry = document.createElement('span');
    strip.append(entry);
    act(() => scrollIntoStrip(strip, entry));
    expect(strip.scrollLeft).toBe(0);
  });
});
