import fp from 'fastify-plugin';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { STAFF_ROLES, type MaintenancePage } from '@stellar/shared';
import { maintenance } from '../db/schema';
import { HttpError } from '../lib/http-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The maintenance switch that pauses this route for non-staff (503 while it is on). */
    maintenancePage?: MaintenancePage;
  }
}

export const UNDER_MAINTENANCE =
  'This part of the site is under maintenance. Please try again later.';
/** Seconds a client is told to wait before trying again. */
export const MAINTENANCE_RETRY_AFTER_S = 300;

/**
 * Maintenance switches are enforced by the API, not only by the pages: a route that names its
 * page in `config.maintenancePage` answers 503 to non-staff while that page's switch is on. It runs
 * as a preHandler, after the route's authentication, so staff are recognised. The tool's licence
 * check names no page and is never paused.
 */
export default fp(
  async function maintenanceGuard(app: FastifyInstance) {
    const guard = async function maintenanceGuardHook(
      request: FastifyRequest,
      reply: FastifyReply,
    ) {
      const page = request.routeOptions.config.maintenancePage;
      if (!page) return;
      if (request.user && STAFF_ROLES.includes(request.user.role)) return;
      const [row] = await app.db
        .select({ enabled: maintenance.enabled })
        .from(maintenance)
        .where(eq(maintenance.page, page));
      if (row?.enabled) {
        reply.header('retry-after', String(MAINTENANCE_RETRY_AFTER_S));
        throw new HttpError(503, UNDER_MAINTENANCE);
      }
    };
    // Only routes that name a page get the hook (appended after their own preHandlers, so their
    // authentication has run); every other route pays nothing for it.
    app.addHook('onRoute', (route) => {
      if (!(route.config as FastifyContextConfig | undefined)?.maintenancePage) return;
      const own = route.preHandler;
      route.preHandler = [...(own ? (Array.isArray(own) ? own : [own]) : []), guard];
    });
  },
  { name: 'maintenance-guard', dependencies: ['db'] },
);
