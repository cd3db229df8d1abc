export { listProducts } from './products.service';
export { catalogueCache, catalogueOf, parsedCatalogue } from './products.catalogue';
