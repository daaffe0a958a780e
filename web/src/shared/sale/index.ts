// A running sale beside a price: cards, item pages, the cart and checkout (docs/sales-and-codes.md).
export { askedPrice, SaleNote, SaleReferenceLine } from './sale-note';
export { saleMessages } from './sale.messages';
