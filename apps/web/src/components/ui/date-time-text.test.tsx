import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { DateTimeText } from './date-time-text';

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

  it('shows -- for no date, as formatDateTime does', () => {
    const { container } = render(<DateTimeText value={null} />);
    expect(container.textContent).toBe('--');
  });
});
