export {
  EVENTS_CHANNEL,
  eventOfNotice,
  eventsAfter,
  outboxNotice,
  recordEvent,
} from './events.service';
export type { NewEvent, StoredEvent } from './events.service';
export { cacheUntilEvent, sharedCacheUntilEvent } from './events.cache';
