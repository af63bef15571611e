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

function options(chart: ChartData, width: number): uPlot.Options {
  return {
    width,
    height: HEIGHT,
    // x values are wall-clock seconds on a UTC axis (see wallClockSeconds).
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      // One reading: a day either side, so its point is not squeezed onto an edge.
      x: { time: true, range: (_u, min, max) => (min === max ? [min - DAY_SECONDS, max + DAY_SECONDS] : [min, max]) },
      y: { range: () => yRange(chart) },
    },
    axes: [
      { ...AXIS, space: 56 },
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
