import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  STAFF_ROLES,
  TOTAL_COUNT_HEADER,
  createTicketBodySchema,
  createTicketResponseSchema,
  errorResponseSchema,
  listTicketsQuerySchema,
  messageResponseSchema,
  ticketActionResponseSchema,
  ticketIdParamSchema,
  ticketListSchema,
  ticketSchema,
} from '@stellar/shared';
import { currentUser } from '../../plugins/auth';
import { userActorOf } from '../../lib/actor';
import { createTicket, deleteTicket, escalateTicket, setTicketStatus } from './tickets.commands';
import { registerTicketTopics } from './tickets.realtime';
import { getTicket, listTickets } from './tickets.service';

const MINUTE = 60_000;
const byUser = (request: FastifyRequest) => request.user?.id ?? request.ip;
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const base = { tags: ['tickets'], security: [{ bearer: [] }] };

/** The spec's ticket calls under /api/ticket/tickets, plus close and reopen. */
const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerTicketTopics(app);
  const createLimit = app.limit({
    name: 'ticket-create',
    max: 10,
    windowMs: 10 * MINUTE,
    key: byUser,
  });

  app.post(
    '/ticket/tickets',
    {
      onRequest: app.requireUser,
      preHandler: createLimit,
      config: { maintenancePage: 'contact' },
      schema: {
        ...base,
        body: createTicketBodySchema,
        response: { 201: createTicketResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ticket = await createTicket(app.db, userActorOf(request), request.body);
      return reply.status(201).send({ id: ticket._id, ticket });
    },
  );

  app.get(
    '/ticket/tickets',
    {
      onRequest: app.requireUser,
      schema: {
        ...base,
        description: `A bare array, newest activity first; the total is in the ${TOTAL_COUNT_HEADER} header.`,
        querystring: listTicketsQuerySchema,
        response: { 200: ticketListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tickets, total } = await listTickets(app.db, currentUser(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return tickets;
    },
  );

  app.get(
    '/ticket/tickets/:id',
    {
      onRequest: app.requireUser,
      schema: { ...base, params: ticketIdParamSchema, response: { 200: ticketSchema, ...errors } },
    },
    async (request) => getTicket(app.db, currentUser(request), request.params.id),
  );

  app.delete(
    '/ticket/tickets/:id',
    {
      onRequest: app.requireUser,
      schema: {
        ...base,
        params: ticketIdParamSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deleteTicket(app.db, userActorOf(request), request.params.id);
      return { message: 'Ticket deleted' };
    },
  );

  app.post(
    '/ticket/tickets/:id/escalate',
    {
      onRequest: app.requireRole(...STAFF_ROLES),
      schema: {
        ...base,
        params: ticketIdParamSchema,
        response: { 200: ticketActionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const ticket = await escalateTicket(app.db, userActorOf(request), request.params.id);
      return { message: 'Ticket escalated', ticket };
    },
  );

  for (const [action, status, message] of [
    ['close', 'closed', 'Ticket closed'],
    ['reopen', 'open', 'Ticket reopened'],
  ] as const) {
    app.post(
      `/ticket/tickets/:id/${action}`,
      {
        onRequest: app.requireUser,
        schema: {
          ...base,
          params: ticketIdParamSchema,
          response: { 200: ticketActionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const actor = userActorOf(request);
        const ticket = await setTicketStatus(app.db, actor, request.params.id, status);
        return { message, ticket };
      },
    );
  }
};
export default ticketsRoutes;
