import type { FastifyInstance } from 'fastify';
import type { JsonCache } from '../../lib/json-cache';
import { sharedCacheUntilEvent } from '../events';
import { getMaintenanceStatus } from './maintenance.service';

/**
 * The maintenance map kept in memory: switches change only through setMaintenance, which records
 * maintenance.changed, heard by every process. GET /api/maintenance/status serves its text; the
 * server-rendered product pages are rendered with it (plugins/product-pages.ts).
 */
export function maintenanceCache(app: FastifyInstance): Promise<JsonCache> {
  return sharedCacheUntilEvent(app, 'maintenance.changed', () => getMaintenanceStatus(app.db));
}
