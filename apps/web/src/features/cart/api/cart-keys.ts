export const CART_KEY = ['cart'] as const;
export const PRODUCT_KEY = (id: string) => ['cart', 'product', id] as const;
export const CHECKOUT_PREVIEW_KEY = ['cart', 'preview'] as const;
