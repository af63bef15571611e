/**
 * The report's first part when there is sensor data (decision 084): the glucose profile — the
 * hourly percentile chart over the 70–180 mg/dL range, time in five ranges against the consensus
 * goals, mean, GMI, CV and sensor wear, and whether the data are enough to judge by. In the
 * user's unit; the thresholds stay mg/dL underneath.
 */
import { GLUCOSE_BANDS, TIME_IN_RANGES_TARGETS } from '@diacare/contract/clinical';
import {
  PROFILE_BIN_MINUTES,
  PROFILE_CV_GOAL_PERCENT,
  PROFILE_MIN_DAYS,
  PROFILE_MIN_WEAR_PERCENT,
  type GlucoseProfileFigures,
} from '@diacare/contract/glucose-profile';
import { GLUCOSE_DECIMALS, formatGlucoseValue, glucoseInUnit, type GlucoseUnit } from '@diacare/contract/glucose-units';
import type { ReportModel } from '../doctor-report-data.ts';
import { bandColumns } from './glucose-section.ts';
import { COLOURS, CONTENT_WIDTH, PAGE, type ReportPdf } from './pdf.ts';

const HEIGHT = 105;
const AXIS_WIDTH = 28;
const DAY_MINUTES = 24 * 60;
const BANDS = { outer: '#99f6e4', inner: '#2dd4bf', median: '#115e59' } as const;

/** Draws the profile, or nothing without sensor data. */
export function drawProfile(pdf: ReportPdf, model: ReportModel): void {
  const profile = model.profile;
  if (!profile) return;
  const { tr, write } = pdf;
  const unit = model.glucose.unit;
  pdf.heading(tr('report.profile.heading'), 300);
  const wear = profile.sensor_active_percent?.toFixed(0) ?? '—';
  const values = {
    days: profile.days_with_data,
    total: model.period.days,
    wear,
    minDays: PROFILE_MIN_DAYS,
    minWear: PROFILE_MIN_WEAR_PERCENT,
  };
  const reason = profile.insufficient_reason;
  write(
    reason === 'few_days' || reason === 'low_wear'
      ? tr(`report.profile.insufficient.${reason}`, values)
      : tr('report.profile.sufficient', values),
    { x: PAGE.margin, width: CONTENT_WIDTH, size: 9, bold: !profile.sufficient },
  );
  pdf.doc.moveDown(0.3);
  const shown = (mgDl: number | null) =>
    mgDl === null ? '—' : `${glucoseInUnit(mgDl, unit).toFixed(GLUCOSE_DECIMALS[unit])} ${unit}`;
  pdf.figures([
    [tr('report.profile.mean'), shown(profile.mean)],
    [
      tr('report.profile.gmi'),
      profile.gmi === null ? tr('report.profile.gmi_missing', values) : `${profile.gmi.toFixed(1)}%`,
    ],
    [
      tr('report.profile.cv', { goal: PROFILE_CV_GOAL_PERCENT }),
      profile.cv === null ? '—' : `${profile.cv.toFixed(1)}%`,
    ],
    [tr('report.profile.wear'), `${profile.sensor_active_percent?.toFixed(1) ?? '—'}%`],
    [tr('report.profile.days'), `${profile.days_with_data}/${model.period.days}`],
  ]);
  if (profile.percentiles.length > 0) drawPercentileChart(pdf, profile, unit);
  if (profile.ranges) drawRanges(pdf, profile.ranges, unit);
  pdf.source(tr('report.profile.source'));
}

function drawRanges(pdf: ReportPdf, ranges: NonNullable<GlucoseProfileFigures['ranges']>, unit: GlucoseUnit) {
  const { tr, write } = pdf;
  const T = TIME_IN_RANGES_TARGETS;
  write(tr('report.profile.ranges'), { x: PAGE.margin, bold: true, size: 9.5 });
  pdf.doc.moveDown(0.2);
  const under = (percent: number) => tr('report.profile.goal_under', { percent });
  pdf.table(bandColumns(pdf, unit), [
    [ranges.very_low, ranges.low, ranges.in_range, ranges.high, ranges.very_high].map((value) => `${value}%`),
    [
      under(T.below54Under),
      under(T.below70Under),
      tr('report.profile.goal_over', { percent: T.inRangeAbove }),
      under(T.above180Under),
      under(T.above250Under),
    ],
  ]);
  write(
    tr('report.profile.goal_note', {
      low: formatGlucoseValue(GLUCOSE_BANDS.low, unit),
      high: formatGlucoseValue(GLUCOSE_BANDS.high, unit),
      below70: T.below70Under,
      above180: T.above180Under,
      unit,
    }),
    { x: PAGE.margin, size: 8, colour: COLOURS.muted, width: CONTENT_WIDTH },
  );
}

/** The hourly percentiles as vector bands over the target range, with guides at 54, 70, 180 and 250. */
function drawPercentileChart(pdf: ReportPdf, profile: GlucoseProfileFigures, unit: GlucoseUnit) {
  const { doc, tr, write } = pdf;
  const inUnit = (mgDl: number) => glucoseInUnit(mgDl, unit);
  if (doc.y + HEIGHT + 40 > PAGE.height - PAGE.margin - 20) doc.addPage();
  write(tr('report.profile.chart', { unit }), { x: PAGE.margin, bold: true, size: 9.5 });
  const top = doc.y + 6;
  const left = PAGE.margin + AXIS_WIDTH;
  const width = CONTENT_WIDTH - AXIS_WIDTH;
  const bins = profile.percentiles;
  const yMin = Math.min(inUnit(40), ...bins.map((b) => inUnit(b.p5)));
  const yMax = Math.max(inUnit(300), ...bins.map((b) => inUnit(b.p95)));
  const yOf = (mgDl: number) => top + HEIGHT - ((inUnit(mgDl) - yMin) / (yMax - yMin)) * HEIGHT;
  const xOf = (minute: number) => left + (minute / DAY_MINUTES) * width;
  const mid = (minute: number) => xOf(minute + PROFILE_BIN_MINUTES / 2);
  doc.save();
  const bandTop = yOf(GLUCOSE_BANDS.high);
  doc.rect(left, bandTop, width, yOf(GLUCOSE_BANDS.low) - bandTop).fill(COLOURS.band);
  doc.rect(left, top, width, HEIGHT).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
  const area = (upper: 'p95' | 'p75', lower: 'p5' | 'p25', colour: string) => {
    bins.forEach((bin, index) =>
      index === 0 ? doc.moveTo(mid(bin.minute), yOf(bin[upper])) : doc.lineTo(mid(bin.minute), yOf(bin[upper])),
    );
    for (const bin of [...bins].reverse()) doc.lineTo(mid(bin.minute), yOf(bin[lower]));
    doc.closePath().fillOpacity(0.6).fill(colour).fillOpacity(1);
  };
  area('p95', 'p5', BANDS.outer);
  area('p75', 'p25', BANDS.inner);
  bins.forEach((bin, index) =>
    index === 0 ? doc.moveTo(mid(bin.minute), yOf(bin.p50)) : doc.lineTo(mid(bin.minute), yOf(bin.p50)),
  );
  doc.lineWidth(1.4).strokeColor(BANDS.median).stroke();
  for (const guide of [GLUCOSE_BANDS.veryLow, GLUCOSE_BANDS.low, GLUCOSE_BANDS.high, GLUCOSE_BANDS.veryHigh]) {
    const y = yOf(guide);
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .dash(2, { space: 2 })
      .lineWidth(0.4)
      .strokeColor(COLOURS.muted)
      .stroke();
    doc.undash();
    write(formatGlucoseValue(guide, unit), { x: PAGE.margin, y: y - 4, width: 24, size: 7, colour: COLOURS.muted });
  }
  doc.restore();
  const labelY = top + HEIGHT + 3;
  for (const minute of [0, 360, 720, 1080, 1440]) {
    const label = `${String((minute / 60) % 24).padStart(2, '0')}:00`;
    write(label, { x: xOf(minute) - 20, y: labelY, width: 40, size: 7, colour: COLOURS.muted, align: 'center' });
  }
  doc.x = PAGE.margin;
  doc.y = labelY + 12;
  write(
    tr('report.profile.chart_note', {
      from: formatGlucoseValue(GLUCOSE_BANDS.low, unit),
      to: formatGlucoseValue(GLUCOSE_BANDS.high, unit),
      unit,
    }),
    { x: PAGE.margin, size: 7.5, colour: COLOURS.muted, width: CONTENT_WIDTH },
  );
  doc.moveDown(0.3);
}
