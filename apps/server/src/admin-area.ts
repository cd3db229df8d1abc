import type { FastifyPluginAsync } from 'fastify';
import couponsRoutes from './modules/coupons/coupons.routes';
import ordersAdminRoutes from './modules/orders-admin/orders-admin.routes';
import usersAdminRoutes from './modules/users/users-admin.routes';
import adminRoutes from './modules/admin/admin.routes';
import licencesAdminRoutes from './modules/licences/licences-admin.routes';

/**
 * The staff area: every Admin-and-Owner route registers here, behind one role hook, so a new
 * admin route cannot forget its guard. Routes other roles may also reach (tickets for Support,
 * key generation for Resellers) keep their own guard in their module.
 */
const adminArea: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.requireRole('Admin', 'Owner'));
  await app.register(usersAdminRoutes);
  await app.register(adminRoutes);
  await app.register(couponsRoutes);
  await app.register(ordersAdminRoutes);
  await app.register(licencesAdminRoutes);
};
export default adminArea;
