// Orders as the purchase history and the admin orders show them (spec 2.11, 2.13, 4).
export { ordersMessages } from './orders.messages';
export { PAYMENT_STATUSES, paymentStatusLabels } from '../../../../domain/orders/order.events';
export { PaymentStatusBadge } from './payment-status-badge';
export { PurchaseItems } from './purchase-items';
export { PurchaseVat, vatLine } from './purchase-vat';
