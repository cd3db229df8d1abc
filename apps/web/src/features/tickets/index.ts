// The tickets feature's public API: what the /chat messenger reuses. Tickets never imports chat.
export { useCreateTicket, type CreateTicketInput } from './api/create-ticket';
export { useTicket } from './api/get-ticket';
export { useTickets, type TicketListParams } from './api/get-tickets';
export { USER_MISSING } from './components/compose-message';
export { formatTimestamp } from './components/format-timestamp';
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
