// Texts of what the visitor sees when the cart changes: the toast after adding, the "In cart" link.
export const cartFeedbackMessages = {
  added: (title: string) => `Added to cart: ${title}`,
  viewCart: 'View cart',
  inCartLink: (title: string) => `In cart: ${title}. View the cart`,
} as const;
