// The orders feature's public surface: checkout's order summary and banner, the dashboard's list, and
// what the reseller panel's top-ups share with orders. Its page (/orders/:orderId) is loaded lazily by
// the router from routes/.
export { isOpenStatus } from './api/get-order';
export { usePaymentsStatus } from './api/get-payments-status';
export {
  createTopUpResponseSchema,
  PAYMENTS_NOT_SET_UP,
  resellerTopUpsSchema,
  TOP_UP_MAX,
  TOP_UP_MIN,
  type TopUp,
} from './api/order-schemas';
export { formatAmount, shortDate } from './components/order-details';
export { OrderStatusBadge } from './components/order-status-badge';
export { OrderSummary } from './components/order-summary';
export { TestModeBanner } from './components/test-mode-banner';
export { YourOrders } from './components/your-orders';
export { goToCheckout } from './go-to-checkout';
