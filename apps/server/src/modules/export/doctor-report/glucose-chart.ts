/**
 * The daily chart: each day's mean glucose as a line of vector paths over the 70–180 mg/dL
 * band, with guides at 54 and 250; a day without readings breaks the line. All in the user's unit.
 */
import { GLUCOSE_BANDS, HYPOGLYCAEMIA, TIME_IN_RANGE_TARGET } from '@diacare/contract/clinical';
import { formatGlucoseValue, glucoseInUnit, type GlucoseUnit } from '@diacare/contract/glucose-units';
import type { ReportModel } from '../doctor-report-data.ts';
import { dateFormatter } from './formats.ts';
import { COLOURS, CONTENT_WIDTH, PAGE, type ReportPdf } from './pdf.ts';

const HEIGHT = 130;
const AXIS_WIDTH = 28;

/** Where the plot sits and how a day and a value map to points. */
interface Frame {
  top: number;
  left: number;
  width: number;
  unit: GlucoseUnit;
  inUnit: (mgDl: number) => number;
  xOf: (index: number) => number;
  yOf: (value: number) => number;
}

function frameOf(top: number, unit: GlucoseUnit, daily: ReportModel['glucose']['daily']): Frame {
  const left = PAGE.margin + AXIS_WIDTH;
  const width = CONTENT_WIDTH - AXIS_WIDTH;
  const inUnit = (mgDl: number) => glucoseInUnit(mgDl, unit);
  const means = daily.flatMap((d) => (d.mean === null ? [] : [d.mean]));
  const yMin = Math.min(inUnit(40), ...means);
  const yMax = Math.max(inUnit(300), ...means);
  return {
    top,
    left,
    width,
    unit,
    inUnit,
    yOf: (value) => top + HEIGHT - ((value - yMin) / (yMax - yMin)) * HEIGHT,
    xOf: (index) => left + (daily.length === 1 ? width / 2 : (index / (daily.length - 1)) * width),
  };
}

/** Draws the chart of `model.glucose.daily` under its title, with date labels and a note on the band. */
export function drawDailyChart(pdf: ReportPdf, model: ReportModel): void {
  const { doc, tr, write } = pdf;
  const { unit, daily } = model.glucose;
  if (doc.y + HEIGHT + 40 > PAGE.height - PAGE.margin - 20) doc.addPage();
  write(tr('report.glucose.chart', { unit }), { x: PAGE.margin, bold: true });
  const frame = frameOf(doc.y + 6, unit, daily);
  doc.save();
  drawBandAndGuides(pdf, frame);
  drawMeans(doc, frame, daily);
  doc.restore();
  drawDateLabels(pdf, frame, daily);
  write(
    tr('report.glucose.chart_note', {
      from: formatGlucoseValue(TIME_IN_RANGE_TARGET.low, unit),
      to: formatGlucoseValue(TIME_IN_RANGE_TARGET.high, unit),
      unit,
      low: formatGlucoseValue(HYPOGLYCAEMIA.low, unit),
    }),
    { x: PAGE.margin, size: 7.5, colour: COLOURS.muted },
  );
}

function drawBandAndGuides({ doc, write }: ReportPdf, { top, left, width, unit, inUnit, yOf }: Frame) {
  const bandTop = yOf(inUnit(TIME_IN_RANGE_TARGET.high));
  doc.rect(left, bandTop, width, yOf(inUnit(TIME_IN_RANGE_TARGET.low)) - bandTop).fill(COLOURS.band);
  doc.rect(left, top, width, HEIGHT).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
  const guides = [GLUCOSE_BANDS.veryLow, TIME_IN_RANGE_TARGET.low, TIME_IN_RANGE_TARGET.high, GLUCOSE_BANDS.veryHigh];
  for (const guideMgDl of guides) {
    const y = yOf(inUnit(guideMgDl));
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .dash(2, { space: 2 })
      .lineWidth(0.4)
      .strokeColor(COLOURS.muted)
      .stroke();
    doc.undash();
    write(formatGlucoseValue(guideMgDl, unit), { x: PAGE.margin, y: y - 4, width: 24, size: 7, colour: COLOURS.muted });
  }
}

function drawMeans(doc: PDFKit.PDFDocument, { inUnit, xOf, yOf }: Frame, daily: ReportModel['glucose']['daily']) {
  let drawing = false;
  daily.forEach((day, index) => {
    if (day.mean === null) {
      drawing = false;
      return;
    }
    if (drawing) doc.lineTo(xOf(index), yOf(day.mean));
    else doc.moveTo(xOf(index), yOf(day.mean));
    drawing = true;
  });
  doc.lineWidth(1.2).strokeColor(COLOURS.line).stroke();
  daily.forEach((day, index) => {
    if (day.mean === null) return;
    doc.circle(xOf(index), yOf(day.mean), 1.6).fill(day.mean < inUnit(HYPOGLYCAEMIA.low) ? COLOURS.low : COLOURS.line);
  });
}

/** First, middle and last dates under the plot; in Hindi all digits (23/10/2026), the axis has room for one script. */
function drawDateLabels(pdf: ReportPdf, { top, xOf }: Frame, daily: ReportModel['glucose']['daily']) {
  const axisDate =
    pdf.language === 'hi' ? dateFormatter('hi', { day: 'numeric', month: 'numeric', year: 'numeric' }) : pdf.formatDate;
  const labelY = top + HEIGHT + 3;
  for (const index of [0, Math.floor((daily.length - 1) / 2), daily.length - 1]) {
    const x = xOf(index) - 40;
    pdf.write(axisDate(daily[index]!.date), {
      x,
      y: labelY,
      width: 80,
      size: 7,
      colour: COLOURS.muted,
      align: 'center',
    });
  }
  pdf.doc.x = PAGE.margin;
  pdf.doc.y = labelY + 12;
}
