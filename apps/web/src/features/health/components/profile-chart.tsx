/**
 * The glucose profile's band chart, drawn with uPlot on a canvas and loaded only by the profile
 * page: over a 24-hour day, the 5th–95th percentile band (light), the 25th–75th (darker), the
 * median line and the 70–180 mg/dL target range marked (decision 084). Hidden from screen
 * readers: the page gives the same figures as a table. Follows its container's width to 360 px.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { GLUCOSE_BANDS } from '@diacare/contract/clinical';
import { glucoseInUnit, type GlucoseUnit } from '@diacare/contract/glucose-units';
import { PROFILE_BIN_MINUTES } from '@diacare/contract/glucose-profile';
import type { GlucoseProfile } from '@diacare/contract/reports';
import type { ResolvedTheme } from '../../../lib/theme';
import { minuteLabel } from './profile-chart-labels';

const HEIGHT = 240;
const DAY_MINUTES = 24 * 60;
/** Axis text, grid, the bands, the median and the target lines per theme (teal and slate, as History's chart). */
const PALETTES = {
  light: {
    text: '#475569',
    grid: '#e2e8f0',
    outer: 'rgba(13, 148, 136, 0.16)',
    inner: 'rgba(13, 148, 136, 0.38)',
    median: '#115e59',
    target: '#15803d',
    targetFill: 'rgba(21, 128, 61, 0.06)',
  },
  dark: {
    text: '#cbd5e1',
    grid: '#334155',
    outer: 'rgba(45, 212, 191, 0.16)',
    inner: 'rgba(45, 212, 191, 0.36)',
    median: '#5eead4',
    target: '#4ade80',
    targetFill: 'rgba(74, 222, 128, 0.07)',
  },
} as const;

function options(profile: GlucoseProfile, unit: GlucoseUnit, width: number, theme: ResolvedTheme): uPlot.Options {
  const palette = PALETTES[theme];
  const low = glucoseInUnit(GLUCOSE_BANDS.low, unit);
  const high = glucoseInUnit(GLUCOSE_BANDS.high, unit);
  const values = profile.percentiles.flatMap((bin) => [bin.p5, bin.p95]).map((v) => glucoseInUnit(v, unit));
  const top = Math.max(...values, glucoseInUnit(GLUCOSE_BANDS.veryHigh, unit));
  const bottom = Math.min(...values, glucoseInUnit(40, unit));
  const axis = { stroke: palette.text, grid: { stroke: palette.grid, width: 1 }, ticks: { show: false } };
  const edge = { stroke: 'transparent', width: 0, points: { show: false } };
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: () => [0, DAY_MINUTES] },
      y: { range: () => [Math.floor(bottom), Math.ceil(top * 1.05)] },
    },
    axes: [
      {
        ...axis,
        splits: () => [0, 360, 720, 1080, 1440],
        values: (_u, splits) => splits.map(minuteLabel),
      },
      { ...axis, size: 44 },
    ],
    series: [
      {},
      { ...edge },
      { ...edge },
      { stroke: palette.median, width: 2.5, points: { show: false } },
      { ...edge },
      { ...edge },
    ],
    // 1 p5, 2 p25, 3 median, 4 p75, 5 p95: p5–p95 light, p25–p75 darker.
    bands: [
      { series: [5, 1], fill: palette.outer },
      { series: [4, 2], fill: palette.inner },
    ],
    hooks: {
      drawAxes: [
        (u) => {
          const { ctx } = u;
          const { left, width: plotWidth } = u.bbox;
          const y70 = u.valToPos(low, 'y', true);
          const y180 = u.valToPos(high, 'y', true);
          ctx.save();
          ctx.fillStyle = palette.targetFill;
          ctx.fillRect(left, y180, plotWidth, y70 - y180);
          ctx.strokeStyle = palette.target;
          ctx.lineWidth = 1.5;
          ctx.setLineDash([6, 4]);
          for (const y of [y70, y180]) {
            ctx.beginPath();
            ctx.moveTo(left, Math.round(y) + 0.5);
            ctx.lineTo(left + plotWidth, Math.round(y) + 0.5);
            ctx.stroke();
          }
          ctx.restore();
        },
      ],
    },
  };
}

/** The band chart of `profile` (mg/dL, shown in `unit`) in `theme`'s colours; drawn again when any changes. */
export default function ProfileChart({
  profile,
  unit,
  theme,
}: {
  profile: GlucoseProfile;
  unit: GlucoseUnit;
  theme: ResolvedTheme;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const bins = profile.percentiles;
    const at = (key: 'p5' | 'p25' | 'p50' | 'p75' | 'p95') => bins.map((bin) => glucoseInUnit(bin[key], unit));
    // Each bin drawn at its middle: 00:30 for 00:00–00:59.
    const data: uPlot.AlignedData = [
      bins.map((bin) => bin.minute + PROFILE_BIN_MINUTES / 2),
      at('p5'),
      at('p25'),
      at('p50'),
      at('p75'),
      at('p95'),
    ];
    const plot = new uPlot(options(profile, unit, element.clientWidth, theme), data, element);
    const observer = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [profile, unit, theme]);
  return (
    <div
      ref={container}
      aria-hidden="true"
      className="w-full"
      style={{ minHeight: HEIGHT }}
      data-testid="profile-chart"
    />
  );
}
