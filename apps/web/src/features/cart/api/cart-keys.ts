export const CART_KEY = ['cart'] as const;
export const PRODUCT_KEY = (id: string) => ['cart', 'product', id] as const;
/**
 * Not under CART_KEY: refreshing the cart after an order is placed must not ask the server to price the
 * lines that just left it (it answers "No product selected" and the page showed that beside the success).
 */
export const CHECKOUT_PREVIEW_KEY = ['checkout-preview'] as const;
