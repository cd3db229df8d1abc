import { format, isValid } from 'date-fns';

/** The one timestamp format of chats, tickets and the admin panel (yyyy-MM-dd HH:mm:ss, local time). */
export const TIMESTAMP_FORMAT = 'yyyy-MM-dd HH:mm:ss';
export const INVALID_DATE = 'Invalid Date';

/** A time as yyyy-MM-dd HH:mm:ss in local time, or "Invalid Date" when it is not a time. */
export function formatTimestamp(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return INVALID_DATE;
  const date = value instanceof Date ? value : new Date(value);
  return isValid(date) ? format(date, TIMESTAMP_FORMAT) : INVALID_DATE;
}
