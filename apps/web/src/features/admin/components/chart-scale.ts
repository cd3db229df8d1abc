import { format, parseISO } from 'date-fns';

export const CHART_HEIGHT = 200;
export const CHART_MARGIN = { top: 12, right: 12, bottom: 26, left: 60 } as const;

/** A round upper bound for the y axis (1, 2, 5 x 10^n), at least 1. */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (value <= step * magnitude) return step * magnitude;
  }
  return 10 * magnitude;
}

/** The y axis ticks: 0, half, max. */
export const yTicks = (max: number): number[] => [0, max / 2, max];

/** Which x positions get a date label: about six across the chart, always the last one. */
export function labelledIndexes(count: number, width: number): Set<number> {
  const wanted = Math.max(2, Math.min(8, Math.floor(width / 90)));
  const step = Math.max(1, Math.ceil(count / wanted));
  const indexes = new Set<number>();
  for (let i = count - 1; i >= 0; i -= step) indexes.add(i);
  return indexes;
}

/** "yyyy-MM-dd" from the server as a short axis label ("Mar 4"). */
export const shortDay = (date: string): string => format(parseISO(date), 'MMM d');
