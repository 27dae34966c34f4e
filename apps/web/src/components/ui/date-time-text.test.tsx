import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { DateTimeInSentence, DateTimeText } from './date-time-text';

describe('DateTimeText', () => {
  afterEach(cleanup);

  it('reads as formatDateTime and may break only between the date and the time', () => {
    const value = '2026-11-29T20:38:55.000Z';
    const { container } = render(
      <p>
        <DateTimeText value={value} />
      </p>,
    );
    const paragraph = container.querySelector('p')!;
    expect(paragraph.textContent).toBe(formatDateTime(value));
    const parts = [...paragraph.querySelectorAll('span.cv-nowrap')].map((span) =>
      span.textContent?.replace(/[\u2066\u2069]/g, ''),
    );
    expect(parts).toEqual(
      formatDateTime(value)
        .replace(/[\u2066\u2069]/g, '')
        .split(' '),
    );
  });

  it('is one element, so a flex container keeps the space between the date and the time', () => {
    const { container } = render(<DateTimeText value="2026-11-29T20:38:55.000Z" />);
    expect(container.childNodes).toHaveLength(1);
    expect((container.firstChild as HTMLElement).tagName).toBe('SPAN');
  });

  it('shows -- for no date, as formatDateTime does', () => {
    const { container } = render(<DateTimeText value={null} />);
    expect(container.textContent).toBe('--');
  });
});

describe('DateTimeInSentence', () => {
  afterEach(cleanup);

  it('reads as the translated sentence, its date and time each kept whole', () => {
    const value = '2026-12-08T23:47:13.000Z';
    const sentence = (time: string) => `الإرجاع متاح حتى ${time} فقط`;
    const { container } = render(
      <p>
        <DateTimeInSentence value={value} sentence={sentence} />
      </p>,
    );
    const paragraph = container.querySelector('p')!;
    expect(paragraph.textContent).toBe(sentence(formatDateTime(value)));
    expect(paragraph.querySelectorAll('span.cv-nowrap')).toHaveLength(2);
    // One element: in a flex container (a Descriptions value) the words and the date are not items of their own.
    expect(paragraph.childNodes).toHaveLength(1);
  });

  it('is the sentence as it is when the translation has no place for the time', () => {
    const { container } = render(
      <DateTimeInSentence value="2026-12-08T23:47:13.000Z" sentence={() => 'Returns'} />,
    );
    expect(container.textContent).toBe('Returns');
  });
});
