export { listProducts } from './products.service';
