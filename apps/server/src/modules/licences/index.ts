export { grantLicenceDays } from './grant-licence';
export { getOwnedProduct } from './licences.service';
