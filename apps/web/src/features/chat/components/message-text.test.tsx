import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageText } from './message-text';

describe('MessageText', () => {
  it('makes web addresses links that open apart from the chat, keeping the rest as text', () => {
    render(
      <MessageText text="See <b>https://example.com/track?id=1&x=2</b> please, or www.caravan.com/help." />,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://example.com/track?id=1&x=2',
      'https://www.caravan.com/help',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    }
    const text = document.querySelector('.cv-chat__text');
    // The message reads as it was written; nothing in it became markup.
    expect(text?.textContent).toBe(
      'See <b>https://example.com/track?id=1&x=2</b> please, or www.caravan.com/help.',
    );
    expect(text?.querySelector('b')).toBeNull();
  });

  it('links nothing that is not a web page', () => {
    render(
      <MessageText text="javascript:alert(1) mailto:a@b.example ftp://files.example a@b.example data:text/html,x 1.2.3" />,
    );
    expect(screen.queryAllByRole('link')).toEqual([]);
  });
});
