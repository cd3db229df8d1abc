// The products feature's public surface. Its pages are loaded lazily by the router from routes/.
export { useCatalogue } from './api/get-products';
export { checkoutPath } from './components/plan-links';
