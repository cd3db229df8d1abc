/** The spec's delete question, asked before any ticket is deleted. */
export const DELETE_TICKET_QUESTION = 'Are you sure you want to delete this ticket?';

/** The browser's own confirm, as the spec has it on the dashboard and the ticket page. */
export function confirmTicketDelete(): boolean {
  return window.confirm(DELETE_TICKET_QUESTION);
}
