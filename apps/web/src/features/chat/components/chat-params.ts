/** The messenger's state lives in the address, so Back, reload and shared links all work. */
export type ChatView = 'mine' | 'queue';
export type QueueFilter = 'all' | 'escalated' | 'normal';

export interface ChatParams {
  /** The selected ticket (`?t=`), null when none is open. */
  ticketId: string | null;
  view: ChatView;
  filter: QueueFilter;
  /** Support, Admin and Owner: they have the queue. */
  staff: boolean;
}

/** Reads the messenger's state; only staff have a queue, and it is their default view. */
export function readChatParams(search: URLSearchParams, staff: boolean): ChatParams {
  const filter = search.get('filter');
  return {
    ticketId: search.get('t') || null,
    view: staff && search.get('view') !== 'mine' ? 'queue' : 'mine',
    filter: filter === 'escalated' || filter === 'normal' ? filter : 'all',
    staff,
  };
}

/** The query string of the messenger with some of its state changed. */
export function chatSearch(
  current: ChatParams,
  changes: Partial<Omit<ChatParams, 'staff'>>,
): string {
  const next = { ...current, ...changes };
  const search = new URLSearchParams();
  if (next.staff && next.view === 'mine') search.set('view', 'mine');
  if (next.staff && next.filter !== 'all') search.set('filter', next.filter);
  if (next.ticketId) search.set('t', next.ticketId);
  const text = search.toString();
  return text ? `?${text}` : '';
}
