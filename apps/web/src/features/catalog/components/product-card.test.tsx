import type { TProductCard } from '@caravan/contracts';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productCardFixture } from '../../../testing/product-cards';
import { setUpComponentTests } from '../../../testing/render';
import { ProductCard, type TProductCardTexts } from './product-card';

const TEXTS: TProductCardTexts = {
  sale: 'Sale',
  sold: (count) => `${count} sold`,
  onOpen: () => undefined,
};

function discounted(price: string, originalPrice: string): TProductCard {
  return productCardFixture({
    price,
    sellingPrice: price,
    originalPrice,
    discountPrice: price,
    isDiscounted: true,
  });
}

describe('ProductCard', () => {
  setUpComponentTests();

  it('strikes through an original price above the price paid', () => {
    const { container } = render(<ProductCard product={discounted('8.00', '12.00')} texts={TEXTS} />);
    expect(container.querySelector('.cv-card__price')?.textContent).toContain('12.00');
  });

  it('strikes through no "was" price below the price paid (an original price left under a raised price)', () => {
    const { container } = render(<ProductCard product={discounted('20.00', '10.00')} texts={TEXTS} />);
    const price = container.querySelector('.cv-card__price');
    expect(price?.textContent).toContain('20.00');
    expect(price?.textContent).not.toContain('10.00');
    // Nor the badge: the price is not reduced.
    expect(container.querySelector('.cv-card__badge')).toBeNull();
  });

  it('shows the badge beside a reduced price', () => {
    const { container } = render(<ProductCard product={discounted('8.00', '12.00')} texts={TEXTS} />);
    expect(container.querySelector('.cv-card__badge')?.textContent).toBe('Sale');
  });
});
