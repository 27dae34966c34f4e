import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { productDetailFixture } from '../../../testing/product-cards';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import ProductDetailsPage from './product-details';

const DESCRIPTION =
  'Soft Plush Puzzles. Factory-direct wholesale, quality checked before dispatch. Ships within 24 hours from our warehouse.';

const PRODUCT = productDetailFixture({ description: DESCRIPTION });

describe('/productDetails', () => {
  setUpComponentTests();

  it("shows the seller's description in its own direction (an English text in an Arabic page)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(PRODUCT)),
    );
    await renderWithQueries(<ProductDetailsPage />, '/productDetails?id=12');
    const description = await screen.findByText(DESCRIPTION);
    // In the page's direction the full stop of an English text went to the start of the line (".from our warehouse").
    expect(description.getAttribute('dir')).toBe('auto');
    expect(description.getAttribute('lang')).toBe('en');
  });
});
