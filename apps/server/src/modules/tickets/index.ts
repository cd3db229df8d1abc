export {
  canAccessTicket,
  findAccessibleTicket,
  isStaff,
  isTicketId,
  loadTicket,
} from './tickets.service';
export { QUEUE_ROOM, ticketRoom } from './tickets.realtime';
export type { TicketLiveEvent } from './tickets.realtime';
