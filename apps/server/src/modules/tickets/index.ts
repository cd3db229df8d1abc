export { findAccessibleTicket, isStaff, loadTicket } from './tickets.service';
