export { findAccessibleTicket, isStaff, loadTicket } from './tickets.service';
export { publishTicketEvent, QUEUE_ROOM, ticketRoom } from './tickets.realtime';
export type { TicketLiveEvent } from './tickets.realtime';
