import type { MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { makeInAppLinkHandler } from './in-app-link';

type TClick = Partial<
  Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey' | 'defaultPrevented'>
>;

function click(anchor: HTMLAnchorElement, init: TClick = {}) {
  const event = {
    button: 0,
    metaKey: false,
    altKey: false,
    ctrlKey: false,
    shiftKey: false,
    defaultPrevented: false,
    ...init,
    currentTarget: anchor,
    preventDefault: vi.fn(),
  };
  return event;
}

function anchor(href: string, attributes: Record<string, string> = {}): HTMLAnchorElement {
  const element = document.createElement('a');
  element.setAttribute('href', href);
  for (const [name, value] of Object.entries(attributes)) {
    element.setAttribute(name, value);
  }
  return element;
}

describe('in-app link handler', () => {
  it('opens a plain left click on an app path in the app, without loading a document', () => {
    const navigate = vi.fn() as unknown as NavigateFunction;
    const event = click(anchor('/productDetails?id=56'));
    makeInAppLinkHandler(navigate)(event as unknown as MouseEvent<HTMLAnchorElement>);
    expect(event.preventDefault).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith('/productDetails?id=56');
  });

  it('leaves new-tab, new-window and download clicks, other buttons and other sites to the browser', () => {
    const navigate = vi.fn() as unknown as NavigateFunction;
    const handle = makeInAppLinkHandler(navigate);
    const left: Array<[HTMLAnchorElement, TClick]> = [
      [anchor('/productDetails?id=56'), { ctrlKey: true }],
      [anchor('/productDetails?id=56'), { metaKey: true }],
      [anchor('/productDetails?id=56'), { shiftKey: true }],
      [anchor('/productDetails?id=56'), { altKey: true }],
      [anchor('/productDetails?id=56'), { button: 1 }],
      [anchor('/productDetails?id=56'), { defaultPrevented: true }],
      [anchor('/productDetails?id=56', { target: '_blank' }), {}],
      [anchor('/productDetails?id=56', { download: '' }), {}],
      [anchor('https://example.com/elsewhere'), {}],
      [anchor('//example.com/elsewhere'), {}],
    ];
    for (const [element, init] of left) {
      const event = click(element, init);
      handle(event as unknown as MouseEvent<HTMLAnchorElement>);
      expect(event.preventDefault, element.outerHTML).not.toHaveBeenCalled();
    }
    expect(navigate).not.toHaveBeenCalled();
  });
});
