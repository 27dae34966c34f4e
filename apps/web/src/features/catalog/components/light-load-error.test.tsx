import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import catalogEn from '../../../locales/en/catalog.json';
import { renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { LightLoadError } from './light-load-error';

describe('LightLoadError', () => {
  setUpComponentTests({ catalog: catalogEn });

  it('offers the whole catalogue, not "Try again", when the server refused what was asked', async () => {
    const refused = new ApiError({
      status: 404,
      code: 'CATEGORY_NOT_FOUND',
      message: 'Category does not exist',
    });
    await renderWithQueries(
      <LightLoadError query={{ error: refused, refetch: vi.fn() }} />,
      '/commodity?c=99999',
    );
    expect(screen.getByRole('alert').textContent).toContain('Category does not exist');
    expect(screen.getByRole('link', { name: catalogEn.empty.browseAll }).getAttribute('href')).toBe(
      '/commodity',
    );
    expect(screen.queryByRole('button', { name: catalogEn.states.retry })).toBeNull();
  });

  it('offers to try again after a fault that may pass', async () => {
    const fault = new ApiError({ status: 503, code: 'UNAVAILABLE', message: 'Try later' });
    await renderWithQueries(<LightLoadError query={{ error: fault, refetch: vi.fn() }} />, '/commodity');
    expect(screen.getByRole('button', { name: catalogEn.states.retry })).toBeTruthy();
  });
});
