/**
 * The 'Blood glucose' section: figures, time in five ranges, estimated A1c, readings by meal
 * context, lows and the daily chart, in the user's unit (thresholds named in it too); with a
 * sensor's profile drawn first (profile-section.ts), only the count, meal contexts and lows.
 */
import { GLUCOSE_BANDS, HYPOGLYCAEMIA, TIME_IN_RANGE_TARGET } from '@diacare/contract/clinical';
import { GLUCOSE_DECIMALS, formatGlucoseValue, type GlucoseUnit } from '@diacare/contract/glucose-units';
import type { ReportModel } from '../doctor-report-data.ts';
import { drawDailyChart } from './glucose-chart.ts';
import { COLOURS, CONTENT_WIDTH, PAGE, type Column, type ReportPdf } from './pdf.ts';

type Glucose = ReportModel['glucose'];

/** The device behind each import format (brand names, the same in every language). */
const SENSOR_DEVICES: Record<string, string> = { libreview: 'FreeStyle Libre', dexcom: 'Dexcom' };
const deviceOf = (source: string) => SENSOR_DEVICES[source] ?? source;

/** A figure already in `unit` to its decimals, and a mg/dL threshold written in `unit`. */
const inUnit = (unit: GlucoseUnit) => ({
  shown: (value: number) => value.toFixed(GLUCOSE_DECIMALS[unit]),
  threshold: (mgDl: number) => formatGlucoseValue(mgDl, unit),
});

/** Draws the glucose section ('none' line when the period has no readings), then its sources. */
export function drawGlucose(pdf: ReportPdf, model: ReportModel): void {
  const { tr } = pdf;
  const { glucose } = model;
  const { unit } = glucose;
  const { threshold } = inUnit(unit);
  pdf.heading(tr('report.glucose.heading'), 120);
  if (glucose.readings === 0) pdf.write(tr('report.glucose.none'), { x: PAGE.margin });
  else drawGlucoseFigures(pdf, model);
  pdf.source(
    tr('report.glucose.source', {
      low: threshold(HYPOGLYCAEMIA.low),
      veryLow: threshold(HYPOGLYCAEMIA.veryLow),
      unit,
      conversion: unit === 'mmol/L' ? tr('report.glucose.conversion') : '',
      applied: tr(glucose.sensor.length > 0 ? 'report.glucose.applied.sensor' : 'report.glucose.applied.logged'),
    }),
  );
}

function drawGlucoseFigures(pdf: ReportPdf, model: ReportModel) {
  const { tr } = pdf;
  const { glucose } = model;
  const { unit } = glucose;
  const { shown } = inUnit(unit);
  // With a sensor the profile above shows these figures large; here they take one line.
  const draw = model.profile ? pdf.line : pdf.figures;
  draw([
    [
      tr('report.glucose.readings'),
      tr('report.glucose.readings_on_days', { readings: glucose.readings, days: glucose.distinctDays }),
    ],
    [tr('report.glucose.mean'), `${shown(glucose.mean!)} ${unit}`],
    [tr('report.glucose.sd'), glucose.sd === null ? '—' : `${shown(glucose.sd)} ${unit}`],
    [tr('report.glucose.cv'), glucose.cv === null ? '—' : `${glucose.cv.toFixed(1)}%`],
  ]);
  drawSensorSources(pdf, glucose);
  // With a sensor, the profile before this section has the five ranges and the chart, and the
  // per-meal table shrinks to a line (decision 084).
  if (!model.profile) drawTimeInRanges(pdf, glucose);
  drawEstimatedA1c(pdf, model);
  if (model.profile) drawByContextLine(pdf, glucose);
  else drawByContext(pdf, glucose);
  drawLows(pdf, glucose);
  if (model.profile) return;
  pdf.doc.moveDown(0.4);
  drawDailyChart(pdf, model);
}

/** 'Includes 1344 sensor readings from FreeStyle Libre; …' when imported readings count in the figures. */
function drawSensorSources(pdf: ReportPdf, glucose: Glucose) {
  if (glucose.sensor.length === 0) return;
  const { tr } = pdf;
  const parts = glucose.sensor
    .map(({ source, readings }) => tr('report.glucose.sensor_part', { count: readings, device: deviceOf(source) }))
    .join(', ');
  pdf.write(tr('report.glucose.sensor', { parts }), { x: PAGE.margin, width: CONTENT_WIDTH, size: 9 });
  pdf.doc.moveDown(0.3);
}

/** The five bands' headers in `unit`: whole mg/dL bands are closed ('Low 54–69'), mmol/L ones half-open. */
export function bandColumns(pdf: ReportPdf, unit: GlucoseUnit): Column[] {
  const { tr } = pdf;
  const { threshold } = inUnit(unit);
  const mgDl = unit === 'mg/dL';
  const labels = [
    tr('report.glucose.band.very_low', { value: threshold(GLUCOSE_BANDS.veryLow) }),
    mgDl
      ? tr('report.glucose.band.low', { from: GLUCOSE_BANDS.veryLow, to: GLUCOSE_BANDS.low - 1 })
      : tr('report.glucose.band.low_open', {
          from: threshold(GLUCOSE_BANDS.veryLow),
          to: threshold(GLUCOSE_BANDS.low),
        }),
    tr('report.glucose.band.in_range', {
      from: threshold(TIME_IN_RANGE_TARGET.low),
      to: threshold(TIME_IN_RANGE_TARGET.high),
    }),
    mgDl
      ? tr('report.glucose.band.high', { from: GLUCOSE_BANDS.high + 1, to: GLUCOSE_BANDS.veryHigh })
      : tr('report.glucose.band.high_open', {
          from: threshold(GLUCOSE_BANDS.high),
          to: threshold(GLUCOSE_BANDS.veryHigh),
        }),
    tr('report.glucose.band.very_high', { value: threshold(GLUCOSE_BANDS.veryHigh) }),
  ];
  return labels.map((label) => ({ label, width: 0.2 }));
}

function drawTimeInRanges(pdf: ReportPdf, glucose: Glucose) {
  const { tr, write } = pdf;
  const { unit } = glucose;
  const { threshold } = inUnit(unit);
  const tir = glucose.tir!;
  write(tr('report.glucose.tir'), { x: PAGE.margin, bold: true, size: 9.5 });
  pdf.doc.moveDown(0.2);
  const bands = ['veryLow', 'low', 'inRange', 'high', 'veryHigh'] as const;
  pdf.table(bandColumns(pdf, unit), [bands.map((band) => `${tir[band]}% (${tir.counts[band]})`)]);
  write(
    tr('report.glucose.targets', {
      unit,
      low: threshold(HYPOGLYCAEMIA.low),
      veryLow: threshold(HYPOGLYCAEMIA.veryLow),
      high: threshold(TIME_IN_RANGE_TARGET.high),
      veryHigh: threshold(GLUCOSE_BANDS.veryHigh),
    }),
    { x: PAGE.margin, size: 8, colour: COLOURS.muted, width: CONTENT_WIDTH },
  );
  pdf.doc.moveDown(0.4);
}

function drawEstimatedA1c(pdf: ReportPdf, model: ReportModel) {
  const { tr } = pdf;
  const { glucose } = model;
  const a1c =
    glucose.estimatedA1c === null
      ? tr('report.glucose.a1c_missing', { min: model.constants.a1cMinDays, days: glucose.distinctDays })
      : tr(glucose.unit === 'mmol/L' ? 'report.glucose.a1c_from_mgdl' : 'report.glucose.a1c', {
          a1c: glucose.estimatedA1c.toFixed(1),
          days: glucose.distinctDays,
        });
  pdf.write(a1c, { x: PAGE.margin, width: CONTENT_WIDTH });
  pdf.doc.moveDown(0.4);
}

function drawByContext(pdf: ReportPdf, glucose: Glucose) {
  const { tr, option } = pdf;
  const { unit } = glucose;
  const { shown } = inUnit(unit);
  pdf.write(tr('report.glucose.by_context'), { x: PAGE.margin, bold: true });
  pdf.doc.moveDown(0.2);
  pdf.table(
    [
      { label: tr('report.glucose.context'), width: 0.4 },
      { label: tr('report.glucose.readings'), width: 0.2 },
      { label: tr('report.glucose.mean_unit', { unit }), width: 0.4 },
    ],
    glucose.byContext.map((row) => [
      option(`option.meal.${row.context}`, row.context),
      String(row.readings),
      shown(row.mean),
    ]),
  );
  pdf.doc.moveDown(0.3);
}

/** Beside a sensor's profile, the logged readings per meal context on one line: 'Fasting: 40 × 120; …'. */
function drawByContextLine(pdf: ReportPdf, glucose: Glucose) {
  if (glucose.byContext.length === 0) return;
  const { tr, option } = pdf;
  const { shown } = inUnit(glucose.unit);
  const parts = glucose.byContext
    .map((row) => `${option(`option.meal.${row.context}`, row.context)} ${row.readings} × ${shown(row.mean)}`)
    .join('; ');
  pdf.write(`${tr('report.glucose.by_context_line', { unit: glucose.unit })} ${parts}.`, {
    x: PAGE.margin,
    width: CONTENT_WIDTH,
    size: 9,
  });
  pdf.doc.moveDown(0.3);
}

function drawLows(pdf: ReportPdf, glucose: Glucose) {
  const { tr, write, option, formatDate } = pdf;
  const { unit } = glucose;
  const { shown, threshold } = inUnit(unit);
  pdf.room(60);
  const heading = tr('report.glucose.lows', { value: threshold(HYPOGLYCAEMIA.low), unit, count: glucose.lowsCount });
  if (glucose.lowsCount === 0) {
    write(heading, { x: PAGE.margin, bold: true });
    return;
  }
  const listed = glucose.lows
    .map(
      (low) =>
        `${formatDate(low.date)} ${low.time} — ${shown(low.value)} ${unit}${low.level === 2 ? tr('report.glucose.level2') : ''}, ${low.source ? deviceOf(low.source) : option(`option.meal.${low.context}`, low.context)}`,
    )
    .join('; ');
  const more =
    glucose.lowsCount > glucose.lows.length
      ? tr('report.glucose.more', { count: glucose.lowsCount - glucose.lows.length })
      : '';
  // The count leads the list in one paragraph (a line less, for the meals section's room).
  write(`${heading}. ${listed}${more}.`, { x: PAGE.margin, width: CONTENT_WIDTH, size: 9 });
}
