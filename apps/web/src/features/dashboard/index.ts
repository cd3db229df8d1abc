// The router loads this feature's pages lazily from routes/, so each stays its own chunk. Anything
// another feature needs is exported from this file.
export { ownedProductsQueryOptions } from './api/get-owned-products';
