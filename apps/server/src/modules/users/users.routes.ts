import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserSchema, errorResponseSchema } from '@stellar/shared';
import { currentUser } from '../../plugins/auth';
import { getCurrentUser } from './users.service';

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/user',
    {
      onRequest: app.requireUser,
      config: { allowPendingPasswordChange: true },
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        response: { 200: currentUserSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return getCurrentUser(app.db, user.id, user.impersonatedBy);
    },
  );
};
export default usersRoutes;
