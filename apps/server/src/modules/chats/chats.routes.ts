import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  chatListSchema,
  chatMessageSchema,
  errorResponseSchema,
  markReadResponseSchema,
  sendChatBodySchema,
  ticketIdParamSchema,
} from '@stellar/shared';
import { userActorOf } from '../../lib/actor';
import { currentUser } from '../../plugins/auth';
import { sendChatMessage } from './chats.commands';
import { registerChatTopic } from './chats.realtime';
import { listChatMessages, markTicketRead, messageForViewer } from './chats.service';

const MINUTE = 60_000;
const byUser = (request: FastifyRequest) => request.user?.id ?? request.ip;
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};
const base = { tags: ['chats'], security: [{ bearer: [] }] };

/**
 * A ticket's chat thread at the spec's paths (/api/tickets/{id}/chats). Unlike the spec, both calls
 * need the Bearer token and the same access as the ticket (docs/product.md#decisions).
 */
const chatsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerChatTopic(app);
  const sendLimit = app.limit({ name: 'chat-send', max: 60, windowMs: MINUTE, key: byUser });
  const readLimit = app.limit({ name: 'chat-read', max: 240, windowMs: MINUTE, key: byUser });

  app.get(
    '/tickets/:id/chats',
    {
      onRequest: app.requireUser,
      schema: {
        ...base,
        description: 'The newest 1000 messages, oldest first. `author` only for Admins and Owners.',
        params: ticketIdParamSchema,
        response: { 200: chatListSchema, ...errors },
      },
    },
    async (request) => listChatMessages(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/tickets/:id/chats',
    {
      onRequest: app.requireUser,
      preHandler: sendLimit,
      config: { maintenancePage: 'chat' },
      schema: {
        ...base,
        description: 'The server stamps the time; a client `timestamp` is ignored.',
        params: ticketIdParamSchema,
        body: sendChatBodySchema,
        response: { 201: chatMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { message } = await sendChatMessage(
        app.db,
        userActorOf(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(messageForViewer(message, user.role));
    },
  );

  app.post(
    '/tickets/:id/read',
    {
      onRequest: app.requireUser,
      preHandler: readLimit,
      schema: {
        ...base,
        params: ticketIdParamSchema,
        response: { 200: markReadResponseSchema, ...errors },
      },
    },
    async (request) => markTicketRead(app.db, currentUser(request), request.params.id),
  );
};
export default chatsRoutes;
