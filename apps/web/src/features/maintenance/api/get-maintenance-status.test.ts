import { maintenanceStatusSchema } from '@stellar/shared';
import { expect, it } from 'vitest';
import { shapeDefOf } from '@/test/zod-shape';
import { maintenanceStatusShape } from './get-maintenance-status';

it('the maintenance status shape is maintenanceStatusSchema', () => {
  expect(maintenanceStatusShape.def).toEqual(shapeDefOf(maintenanceStatusSchema));
});
