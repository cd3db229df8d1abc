import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';

export interface ChartSeries {
  name: string;
  /** Tailwind fill class for bars, dots and the legend swatch. */
  fillClass: string;
  /** Tailwind stroke class for lines. */
  strokeClass?: string;
}

interface ChartFigureProps {
  title: string;
  /** One sentence with the headline numbers, read to screen readers with the chart. */
  summary: string;
  series: ChartSeries[];
  days: { date: string; values: number[] }[];
  formatValue: (value: number) => string;
  children: ReactNode;
}

/** A chart's card: title, legend, the drawing, and the same data as a table for assistive tech. */
export function ChartFigure({
  title,
  summary,
  series,
  days,
  formatValue,
  children,
}: ChartFigureProps) {
  const titleId = useId();
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <figure aria-labelledby={titleId} className="m-0">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <figcaption id={titleId} className="font-semibold text-fg">
            {title}
          </figcaption>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted" aria-hidden="true">
            {series.map((s) => (
              <li key={s.name} className="flex items-center gap-1.5">
                <svg width="10" height="10" className="shrink-0">
                  <rect width="10" height="10" rx="2" className={s.fillClass} />
                </svg>
                {s.name}
              </li>
            ))}
          </ul>
        </div>
        <p className="mt-1 text-sm text-fg-muted">{summary}</p>
        <div className="mt-3 overflow-hidden">{children}</div>
        <table className="sr-only">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{day.date}</th>
                {day.values.map((value, index) => (
                  <td key={series[index]?.name ?? index}>{formatValue(value)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
    </Card>
  );
}
