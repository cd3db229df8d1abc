import { z } from 'zod';
import { MAINTENANCE_PAGES } from '../constants';

/** GET /api/maintenance/status: page name -> under maintenance. */
export const maintenanceStatusSchema = z.record(z.string(), z.boolean());
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;

/** POST /api/maintenance/enable|disable. */
export const maintenancePageBodySchema = z.strictObject({
  page: z.enum(MAINTENANCE_PAGES, { error: 'Unknown page.' }),
});
