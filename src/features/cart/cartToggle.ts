/** The attribute of the buttons that open and close the cart: a press on them is not "outside" it. */
export const CART_TOGGLE = 'data-cart-toggle';
