// The tickets feature's public API. It owns every /ticket/* call and one query-key family
// (ticketKeys): the dashboard, admin panel, chat and contact page use these, never their own copies.
// Tickets never imports another feature.
export { useCreateTicket, type CreateTicketInput } from './api/create-ticket';
export { useDeleteTicket } from './api/delete-ticket';
export { useEscalateTicket } from './api/escalate-ticket';
export { useTicket } from './api/get-ticket';
export { useTickets, type TicketListParams } from './api/get-tickets';
export { ticketKeys } from './api/ticket-keys';
export { USER_MISSING } from './components/compose-message';
export { confirmTicketDelete, DELETE_TICKET_QUESTION } from './components/confirm-ticket-delete';
export { formatTimestamp } from '@/lib/format-timestamp';
export { LiveStatus } from './components/live-status';
export { TicketActions } from './components/ticket-actions';
export {
  EscalatedBadge,
  PriorityBadge,
  StatusBadge,
  TicketBadges,
  ticketNumber,
} from './components/ticket-badges';
export { LOAD_FAILED, TicketConversation } from './components/ticket-conversation';

export { useLiveQueue, useLiveUpdates } from './realtime/use-realtime';
