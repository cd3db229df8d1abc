export { generateKeys } from './keys.commands';
export { PRODUCT_NOT_GRANTED, findPlan, isGranted } from './keys.service';
