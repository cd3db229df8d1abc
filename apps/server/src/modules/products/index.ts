export { listProducts } from './products.service';
export { catalogueCache, catalogueOf } from './products.catalogue';
