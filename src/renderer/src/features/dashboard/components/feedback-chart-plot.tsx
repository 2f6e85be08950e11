import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarStack } from '@visx/shape';
import { useLayoutEffect, useRef, useState } from 'react';
import type { ChartData, ChartDay } from '../utils/chart-data';
import { PLOT_HEIGHT } from '../utils/chart-layout';
import { longDay, shortDay } from '../utils/day-labels';

// Room on the right for today's date, centred under its column.
const MARGIN = { top: 8, right: 16, bottom: 24, left: 32 };
/** Room one x-axis date needs, so labels never touch at 375 px. */
const LABEL_WIDTH = 56;
const TOOLTIP_GAP = 8;

function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** Where the tooltip sits: beside its column, on the side with more room, so the column stays in sight. */
type TooltipPlace = { left: number } | { right: number };

function Tooltip({
  day,
  data,
  colors,
  place,
}: {
  day: ChartDay;
  data: ChartData;
  colors: Record<string, string>;
  place: TooltipPlace;
}) {
  return (
    <div className="tb-chart-tooltip" style={place} aria-hidden="true">
      <strong>{longDay(day.date)}</strong>
      <ul>
        {data.series
          .filter((series) => (day.counts[series.key] ?? 0) > 0)
          .map((series) => (
            <li key={series.key}>
              <span className="tb-chart-swatch" style={{ background: colors[series.key] }} />
              <span className="tb-chart-tooltip-name">{series.name}</span>
              <span>{day.counts[series.key]}</span>
            </li>
          ))}
      </ul>
      <div className="tb-chart-tooltip-total">
        <span>Total</span>
        <span>{day.total}</span>
      </div>
    </div>
  );
}

/**
 * Feedback per day as stacked columns, one colour per widget (visx: SVG drawn by React, so every
 * colour is the theme's and it follows the dark scheme). Pointing at a day shows its counts. The
 * SVG is hidden from assistive technology: the card's table carries the same numbers as text.
 * Loaded on its own (React.lazy), only by /dashboard.
 */
export function FeedbackChartPlot({ data, colors }: { data: ChartData; colors: Record<string, string> }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const [hovered, setHovered] = useState<number | null>(null);
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = PLOT_HEIGHT - MARGIN.top - MARGIN.bottom;
  const dates = data.days.map((day) => day.date);
  const x = scaleBand<string>({ domain: dates, range: [0, innerWidth], paddingInner: 0.3, paddingOuter: 0.15 });
  const y = scaleLinear<number>({ domain: [0, Math.max(data.peak, 4)], range: [innerHeight, 0], nice: 4 });
  const yTicks = y.ticks(4).filter(Number.isInteger);
  // Every step-th day is labelled, counted back from today so today always has its date.
  const step = Math.max(1, Math.ceil(dates.length / Math.max(2, Math.floor(innerWidth / LABEL_WIDTH))));
  const keys = data.series.map((series) => series.key);
  const hoveredDay = hovered === null ? undefined : data.days[hovered];
  const columnCenter = (date: string) => (x(date) ?? 0) + x.bandwidth() / 2;
  const tooltipPlace = (date: string): TooltipPlace => {
    const left = MARGIN.left + (x(date) ?? 0);
    return left < width / 2 ? { left: left + x.bandwidth() + TOOLTIP_GAP } : { right: width - left + TOOLTIP_GAP };
  };

  return (
    <div
      className="tb-chart-plot"
      ref={ref}
      style={{ height: PLOT_HEIGHT }}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setHovered(null)}
    >
      {width > 0 && (
        <svg width={width} height={PLOT_HEIGHT} aria-hidden="true" focusable="false">
          <Group left={MARGIN.left} top={MARGIN.top}>
            {yTicks.map((tick) => (
              <g key={tick} transform={`translate(0, ${y(tick)})`}>
                <line className="tb-chart-grid" x1={0} x2={innerWidth} />
                <text className="tb-chart-label" x={-8} dy="0.32em" textAnchor="end">
                  {tick}
                </text>
              </g>
            ))}
            {hoveredDay && (
              <rect
                className="tb-chart-highlight"
                x={(x(hoveredDay.date) ?? 0) - (x.step() - x.bandwidth()) / 2}
                width={x.step()}
                height={innerHeight}
              />
            )}
            <BarStack<ChartDay, string>
              data={data.days}
              keys={keys}
              value={(day, key) => day.counts[key] ?? 0}
              x={(day) => day.date}
              xScale={x}
              yScale={y}
              color={(key) => colors[key] ?? ''}
            >
              {(stacks) =>
                stacks.map((stack) =>
                  stack.bars
                    .filter((bar) => bar.height > 0)
                    .map((bar) => (
                      <rect
                        key={`${stack.key}-${bar.index}`}
                        className="tb-chart-bar"
                        x={bar.x}
                        y={bar.y}
                        width={bar.width}
                        height={bar.height}
                        fill={bar.color}
                      />
                    )),
                )
              }
            </BarStack>
            {dates.map((date, index) =>
              (dates.length - 1 - index) % step === 0 ? (
                <text
                  key={date}
                  className="tb-chart-label"
                  x={columnCenter(date)}
                  y={innerHeight + 16}
                  textAnchor="middle"
                >
                  {shortDay(date)}
                </text>
              ) : null,
            )}
            {dates.map((date, index) => (
              <rect
                key={date}
                className="tb-chart-hit"
                x={(x(date) ?? 0) - (x.step() - x.bandwidth()) / 2}
                width={x.step()}
                height={innerHeight}
                // A mouse shows a day's counts while it points at it; a finger taps a day to show
                // them and taps it again to hide them (a lifted finger "leaves" at once).
                onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(index)}
                onPointerUp={(event) =>
                  event.pointerType !== 'mouse' && setHovered((current) => (current === index ? null : index))
                }
              />
            ))}
          </Group>
        </svg>
      )}
      {hoveredDay && <Tooltip day={hoveredDay} data={data} colors={colors} place={tooltipPlace(hoveredDay.date)} />}
    </div>
  );
}
