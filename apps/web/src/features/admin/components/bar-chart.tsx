import {
  CHART_HEIGHT,
  CHART_MARGIN,
  labelledIndexes,
  niceMax,
  shortDay,
  yTicks,
} from './chart-scale';
import { ChartFigure, type ChartSeries } from './chart-figure';
import { useElementWidth } from '@/lib/use-element-width';

export interface BarChartDay {
  date: string;
  values: number[];
}

interface BarChartProps {
  title: string;
  summary: string;
  series: ChartSeries[];
  days: BarChartDay[];
  formatValue?: (value: number) => string;
}

/** Grouped bars per day, drawn in SVG; a hidden table carries the same numbers for screen readers. */
export function BarChart({ title, summary, series, days, formatValue = String }: BarChartProps) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  // Counts: at least 2, so the half-way tick is a whole number.
  const max = niceMax(Math.max(2, ...days.flatMap((day) => day.values)));
  const plotWidth = width - CHART_MARGIN.left - CHART_MARGIN.right;
  const plotHeight = CHART_HEIGHT - CHART_MARGIN.top - CHART_MARGIN.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(1, (slot * 0.8) / series.length);
  const labelled = labelledIndexes(days.length, width);
  const y = (value: number) => CHART_MARGIN.top + plotHeight - (value / max) * plotHeight;

  return (
    <ChartFigure
      title={title}
      summary={summary}
      series={series}
      days={days}
      formatValue={formatValue}
    >
      <div ref={ref} className="w-full">
        <svg width={width} height={CHART_HEIGHT} aria-hidden="true" className="block">
          {yTicks(max).map((tick) => (
            <g key={tick}>
              <line
                x1={CHART_MARGIN.left}
                x2={width - CHART_MARGIN.right}
                y1={y(tick)}
                y2={y(tick)}
                className="stroke-line"
              />
              <text
                x={CHART_MARGIN.left - 6}
                y={y(tick)}
                dy="0.32em"
                textAnchor="end"
                className="fill-fg-subtle text-[11px]"
              >
                {formatValue(tick)}
              </text>
            </g>
          ))}
          {days.map((day, index) => {
            const x0 = CHART_MARGIN.left + index * slot + slot * 0.1;
            return (
              <g key={day.date}>
                {day.values.map((value, s) => (
                  <rect
                    key={series[s]?.name ?? s}
                    x={x0 + s * barWidth}
                    y={y(value)}
                    width={Math.max(1, barWidth - 1)}
                    height={Math.max(0, y(0) - y(value))}
                    rx={1}
                    className={series[s]?.fillClass}
                  >
                    <title>{`${day.date}: ${formatValue(value)} ${series[s]?.name ?? ''}`}</title>
                  </rect>
                ))}
                {labelled.has(index) && (
                  <text
                    // The last label ends under its bar instead of running off the edge.
                    x={index === days.length - 1 ? x0 + slot * 0.8 : x0 + (slot * 0.8) / 2}
                    y={CHART_HEIGHT - 8}
                    textAnchor={index === days.length - 1 ? 'end' : 'middle'}
                    className="fill-fg-subtle text-[11px]"
                  >
                    {shortDay(day.date)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
    </ChartFigure>
  );
}
