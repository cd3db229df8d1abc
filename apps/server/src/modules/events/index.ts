export { EVENTS_CHANNEL, eventsAfter, recordEvent } from './events.service';
export type { NewEvent, StoredEvent } from './events.service';
