/**
 * History's 'Trend' chart, drawn with uPlot on a canvas and loaded only by the history page. The
 * canvas is hidden from screen readers (the page gives a text summary and table instead) and it
 * follows its container's width down to 360 px.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatShortDate } from '@diacare/contract/dates';
import { useLocale } from '../../../lib/i18n/language-provider';
import type { ResolvedTheme } from '../../../lib/theme';
import { themedColour, type ChartData } from '../utils/history';

const HEIGHT = 220;
/**
 * Axis text, grid, ticks, guide lines, target band and meal markers per theme (slate-600/200/300/400
 * and amber-700 light; their mirrors dark).
 */
const PALETTES = {
  light: {
    text: '#475569',
    grid: '#e2e8f0',
    ticks: '#cbd5e1',
    guide: '#94a3b8',
    band: 'rgba(13, 148, 136, 0.10)',
    marker: '#b45309',
  },
  dark: {
    text: '#cbd5e1',
    grid: '#334155',
    ticks: '#475569',
    guide: '#64748b',
    band: 'rgba(45, 212, 191, 0.14)',
    marker: '#fbbf24',
  },
} as const;
const DAY_SECONDS = 24 * 60 * 60;
/** A meal marker's half width, and how far from it (CSS px) a tap still opens it. */
const MARKER_SIZE = 6;
const MARKER_REACH = 16;

/** The y range: the values plus the band and guides, with some air, so the target stays in view. */
function yRange(chart: ChartData): [number, number] {
  const values = chart.series.flatMap((s) => s.values).filter((v): v is number => v !== null);
  const all = [...values, ...(chart.band ?? []), ...(chart.guides ?? [])];
  const min = Math.min(...all);
  const max = Math.max(...all);
  const pad = Math.max((max - min) * 0.12, chart.minPad ?? 2);
  return [Math.floor(min - pad), Math.ceil(max + pad)];
}

/**
 * The x range from the readings (and meal markers) themselves, with a margin so edge points are not clipped.
 * (For a single point uPlot's own time range spans years: 86400 / ms with ms = 1e-3.)
 */
function xRange(chart: ChartData): [number, number] {
  const all = [...chart.x, ...(chart.markers ?? []).map((marker) => marker.x)];
  const first = Math.min(...all);
  const last = Math.max(...all);
  if (first === last) return [first - DAY_SECONDS / 2, last + DAY_SECONDS / 2];
  const pad = (last - first) * 0.06;
  return [first - pad, last + pad];
}

const utc = (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC');
const timeLabel = uPlot.fmtDate('{HH}:{mm}');
/** The calendar date (YYYY-MM-DD) of a wall-clock second on the UTC axis. */
const isoDate = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * Tick labels as the rest of the app writes dates, in the active language's `locale`
 * ('21 Nov', '21 नव॰'); within a day, 'HH:MM' (24-hour).
 */
const xLabels =
  (locale: string) =>
  (_u: uPlot, splits: number[], _axis: number, _space: number, increment: number): string[] =>
    splits.map((seconds) => {
      const date = utc(seconds);
      const midnight = date.getHours() === 0 && date.getMinutes() === 0;
      return increment >= DAY_SECONDS || midnight ? formatShortDate(isoDate(seconds), locale) : timeLabel(date);
    });

function options(chart: ChartData, width: number, theme: ResolvedTheme, locale: string): uPlot.Options {
  const palette = PALETTES[theme];
  const axis = {
    stroke: palette.text,
    grid: { stroke: palette.grid, width: 1 },
    ticks: { stroke: palette.ticks, width: 1 },
  };
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
      { ...axis, space: 64, values: xLabels(locale) },
      { ...axis, size: 44 },
    ],
    series: [
      {},
      ...chart.series.map((s) => {
        const colour = themedColour(s.colour, theme);
        // A sensor's hourly line is drawn without points, joined over the manual readings' x;
        // manual readings beside it are points only (decision 052).
        return {
          label: s.label,
          stroke: colour,
          width: 2,
          spanGaps: s.style === 'line',
          ...(s.style === 'points' ? { paths: () => null } : {}),
          points: { show: s.style !== 'line', size: 7, fill: colour, stroke: colour },
        };
      }),
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
            ctx.fillStyle = palette.band;
            ctx.fillRect(left, top, plotWidth, bottom - top);
          }
          ctx.strokeStyle = palette.guide;
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
      // Meal markers: a triangle pointing up from the bottom of the plot at each meal's time.
      draw: [
        (u) => {
          if (!chart.markers?.length) return;
          const { ctx } = u;
          const bottom = u.bbox.top + u.bbox.height;
          const size = MARKER_SIZE * uPlot.pxRatio;
          ctx.save();
          ctx.fillStyle = palette.marker;
          for (const marker of chart.markers) {
            const x = u.valToPos(marker.x, 'x', true);
            ctx.beginPath();
            ctx.moveTo(x, bottom - size * 1.6);
            ctx.lineTo(x - size, bottom);
            ctx.lineTo(x + size, bottom);
            ctx.closePath();
            ctx.fill();
          }
          ctx.restore();
        },
      ],
    },
  };
}

/** The id of the marker within reach (CSS px) of `left` across the plot, or null. */
function markerAt(u: uPlot, chart: ChartData, left: number): string | null {
  let best: { id: string; distance: number } | null = null;
  for (const marker of chart.markers ?? []) {
    const distance = Math.abs(u.valToPos(marker.x, 'x') - left);
    if (distance <= MARKER_REACH && (!best || distance < best.distance)) best = { id: marker.id, distance };
  }
  return best?.id ?? null;
}

/**
 * The chart for `chart` in `theme`'s colours, dates in the active language; drawn again when either
 * changes. A tap near a meal marker calls `onMarker` with its id (the page lists the same meals
 * as buttons for the keyboard and screen readers).
 */
export default function TrendChart({
  chart,
  theme,
  onMarker,
}: {
  chart: ChartData;
  theme: ResolvedTheme;
  onMarker?: ((id: string) => void) | undefined;
}) {
  const tapped = useRef(onMarker);
  useEffect(() => {
    tapped.current = onMarker;
  });
  const { intlLocale } = useLocale();
  const container = useRef<HTMLDivElement>(null);
  const drawn = useRef(false);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let plot: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let painting: ReturnType<typeof setTimeout> | undefined;
    /** Builds the chart; `later`: its first layout and painting in the next task (uPlot's init). */
    const draw = (later: boolean) => {
      const data: uPlot.AlignedData = [chart.x, ...chart.series.map((s) => s.values)];
      plot = new uPlot(options(chart, element.clientWidth, theme, intlLocale), data, (drawing, init) => {
        element.append(drawing.root);
        if (chart.markers?.length) {
          drawing.over.addEventListener('click', (event) => {
            const id = markerAt(drawing, chart, event.offsetX);
            if (id) tapped.current?.(id);
          });
        }
        const paint = () => {
          init();
          observer = new ResizeObserver(() => drawing.setSize({ width: element.clientWidth, height: HEIGHT }));
          observer.observe(element);
        };
        if (later) painting = setTimeout(paint);
        else paint();
      });
      drawn.current = true;
    };
    // On first open the chart is built in a task of its own, after the one that commits the page,
    // and painted in the next: three short tasks on a slow phone instead of one long one. A redraw
    // (theme, language, period) stays in the same task, so the old chart never blinks out.
    let firstDrawing: ReturnType<typeof setTimeout> | undefined;
    if (drawn.current) draw(false);
    else firstDrawing = setTimeout(() => draw(true));
    return () => {
      clearTimeout(firstDrawing);
      clearTimeout(painting);
      observer?.disconnect();
      plot?.destroy();
    };
  }, [chart, theme, intlLocale]);
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
