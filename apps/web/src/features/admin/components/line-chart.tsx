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

interface LineChartProps {
  title: string;
  summary: string;
  series: ChartSeries;
  days: { date: string; value: number }[];
  formatValue?: (value: number) => string;
}

/** One series as a line with dots, drawn in SVG; a hidden table carries the numbers. */
export function LineChart({ title, summary, series, days, formatValue = String }: LineChartProps) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const max = niceMax(Math.max(0, ...days.map((day) => day.value)));
  const plotWidth = width - CHART_MARGIN.left - CHART_MARGIN.right;
  const plotHeight = CHART_HEIGHT - CHART_MARGIN.top - CHART_MARGIN.bottom;
  const step = days.length > 1 ? plotWidth / (days.length - 1) : 0;
  const x = (index: number) => CHART_MARGIN.left + (days.length > 1 ? index * step : plotWidth / 2);
  const y = (value: number) => CHART_MARGIN.top + plotHeight - (value / max) * plotHeight;
  const labelled = labelledIndexes(days.length, width);
  const points = days.map((day, index) => `${x(index)},${y(day.value)}`).join(' ');

  return (
    <ChartFigure
      title={title}
      summary={summary}
      series={[series]}
      days={days.map((day) => ({ date: day.date, values: [day.value] }))}
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
          <polyline
            points={points}
            fill="none"
            strokeWidth={2}
            strokeLinejoin="round"
            className={series.strokeClass}
          />
          {days.map((day, index) => (
            <g key={day.date}>
              <circle cx={x(index)} cy={y(day.value)} r={2.5} className={series.fillClass}>
                <title>{`${day.date}: ${formatValue(day.value)}`}</title>
              </circle>
              {labelled.has(index) && (
                <text
                  x={x(index)}
                  y={CHART_HEIGHT - 8}
                  // The last point sits on the right edge: its label ends there.
                  textAnchor={index === days.length - 1 && days.length > 1 ? 'end' : 'middle'}
                  className="fill-fg-subtle text-[11px]"
                >
                  {shortDay(day.date)}
                </text>
              )}
            </g>
          ))}
        </svg>
      </div>
    </ChartFigure>
  );
}
