/**
 * The 'Trend' chart of Health History (spec §2), drawn with uPlot (~20 KB gzip, canvas).
 * Loaded only by the history page through a dynamic import, with its CSS, so no other
 * screen pays for it (design.md §Front end). The canvas is hidden from screen readers: the
 * page gives a text summary and a table of the same readings. It follows its container's
 * width, so it fits phones from 360 px.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartData } from '../utils/history';

const HEIGHT = 220;
const AXIS = { stroke: '#475569', grid: { stroke: '#e2e8f0', width: 1 }, ticks: { stroke: '#cbd5e1', width: 1 } };
const DAY_SECONDS = 24 * 60 * 60;

/** The y range: the values plus the band and guides, with some air, so the target stays in view. */
function yRange(chart: ChartData): [number, number] {
  const all = [...chart.series.flatMap((s) => s.values), ...(chart.band ?? []), ...(chart.guides ?? [])];
  const min = Math.min(...all);
  const max = Math.max(...all);
  const pad = Math.max((max - min) * 0.12, 2);
  return [Math.floor(min - pad), Math.ceil(max + pad)];
}

/**
 * The x range from the readings themselves, with a margin so edge points are not clipped.
 * (For a single point uPlot's own time range spans years: 86400 / ms with ms = 1e-3.)
 */
function xRange(chart: ChartData): [number, number] {
  const first = chart.x[0]!;
  const last = chart.x[chart.x.length - 1]!;
  if (first === last) return [first - DAY_SECONDS / 2, last + DAY_SECONDS / 2];
  const pad = (last - first) * 0.06;
  return [first - pad, last + pad];
}

const utc = (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC');
const dayLabel = uPlot.fmtDate('{MMM} {D}');
const timeLabel = uPlot.fmtDate('{HH}:{mm}');

/** Tick labels as the rest of the app writes dates: 'Nov 21'; within a day, 'HH:MM' (24-hour). */
function xLabels(_u: uPlot, splits: number[], _axis: number, _space: number, increment: number): string[] {
  return splits.map((seconds) => {
    const date = utc(seconds);
    const midnight = date.getHours() === 0 && date.getMinutes() === 0;
    return increment >= DAY_SECONDS || midnight ? dayLabel(date) : timeLabel(date);
  });
}

function options(chart: ChartData, width: number): uPlot.Options {
  return {
    width,
    height: HEIGHT,
    // x values are wall-clock seconds on a UTC axis (see wallClockSeconds).
    tzDate: utc,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: true, range: () => xRange(chart) },
      y: { range: () => yRange(chart) },
    },
    axes: [
      { ...AXIS, space: 64, values: xLabels },
      { ...AXIS, size: 44 },
    ],
    series: [
      {},
      ...chart.series.map((s) => ({
        label: s.label,
        stroke: s.colour,
        width: 2,
        points: { show: true, size: 7, fill: s.colour, stroke: s.colour },
      })),
    ],
    hooks: {
      // Target band and guide lines, drawn under the lines.
      drawAxes: [
        (u) => {
          const { ctx } = u;
          const { left, width: plotWidth } = u.bbox;
          ctx.save();
          if (chart.band) {
            const top = u.valToPos(chart.band[1], 'y', true);
            const bottom = u.valToPos(chart.band[0], 'y', true);
            ctx.fillStyle = 'rgba(13, 148, 136, 0.10)';
            ctx.fillRect(left, top, plotWidth, bottom - top);
          }
          ctx.strokeStyle = '#94a3b8';
          ctx.setLineDash([6, 4]);
          ctx.lineWidth = 1;
          for (const guide of chart.guides ?? []) {
            const y = Math.round(u.valToPos(guide, 'y', true)) + 0.5;
            ctx.beginPath();
            ctx.moveTo(left, y);
            ctx.lineTo(left + plotWidth, y);
            ctx.stroke();
          }
          ctx.restore();
        },
      ],
    },
  };
}

export default function TrendChart({ chart }: { chart: ChartData }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const plot = new uPlot(
      options(chart, element.clientWidth),
      [chart.x, ...chart.series.map((s) => s.values)],
      element,
    );
    const observer = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [chart]);
  return (
    <div
      ref={container}
      aria-hidden="true"
      className="w-full"
      style={{ minHeight: HEIGHT }}
      data-testid="trend-chart"
    />
  );
}
