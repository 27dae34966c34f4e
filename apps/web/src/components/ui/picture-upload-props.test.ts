import { describe, expect, it } from 'vitest';
import { uploadAddress } from './picture-upload-props';

describe('uploadAddress', () => {
  it("sends a console page's pictures with that console's session", () => {
    // A browser with a buyer's and a seller's session uploaded the seller's pictures as the buyer's, and saving the
    // product refused them (IMAGE_REFERENCE_INVALID).
    expect(uploadAddress('/seller/products/13', 'de')).toBe('/api/v1/uploads?lang=de&as=seller');
    expect(uploadAddress('/seller', 'en')).toBe('/api/v1/uploads?lang=en&as=seller');
    expect(uploadAddress('/admin/catalog', 'ar')).toBe('/api/v1/uploads?lang=ar&as=staff');
  });

  it("sends the storefront's pictures with the buyer's session", () => {
    expect(uploadAddress('/merchantSettled', 'en')).toBe('/api/v1/uploads?lang=en');
    expect(uploadAddress('/sellers-guide', 'en')).toBe('/api/v1/uploads?lang=en');
  });
});
