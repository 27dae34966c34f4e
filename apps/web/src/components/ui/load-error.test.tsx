import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { initTestI18n } from '../../testing/i18n';
import { DataTable } from './data-table';
import { emptyOrLoadError, LoadError } from './load-error';

describe('LoadError', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it("shows the page's own message and asks again once per click on Try again", () => {
    const onRetry = vi.fn();
    render(<LoadError message="Could not load your loans" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Could not load your loans');
    expect(onRetry).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(2);
  });

  it('falls back to the generic error text without a message', () => {
    render(<LoadError onRetry={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong, please try again');
  });

  it("puts a failed list's error and Try again where its rows would be, not its empty text", () => {
    const refetch = vi.fn();
    const failed = {
      isError: true,
      error: new ApiError({ status: 503, code: 'UNAVAILABLE', message: 'database is down' }),
      refetch,
    };
    const { unmount } = render(
      <DataTable
        dataSource={[]}
        columns={[]}
        locale={{ emptyText: emptyOrLoadError(failed, 'No stock changes yet') }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('database is down');
    expect(screen.queryByText('No stock changes yet')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    unmount();
    render(
      <DataTable
        dataSource={[]}
        columns={[]}
        locale={{ emptyText: emptyOrLoadError({ ...failed, isError: false }, 'No stock changes yet') }}
      />,
    );
    expect(screen.getByText('No stock changes yet')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
