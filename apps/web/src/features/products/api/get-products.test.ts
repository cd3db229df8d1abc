import { productListSchema } from '@stellar/shared';
import { expect, it } from 'vitest';
import { shapeDefOf } from '@/test/zod-shape';
import { productListShape } from './get-products';

it('the catalogue shape is productListSchema', () => {
  expect(productListShape.def).toEqual(shapeDefOf(productListSchema));
});
