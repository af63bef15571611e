/**
 * The doctor report PDF (issue 13 item 1): one A4 document, 1–2 pages of real, selectable
 * text, drawn with pdfkit from a ReportModel (doctor-report-data.ts). Each section ends with
 * the source of its rules. Noto Sans (Latin) and Noto Sans Devanagari are embedded, so every
 * language the app offers (English, Hindi) prints; the font files load from the
 * @fontsource packages in node_modules, which the built server keeps as external packages.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BP_GOAL_ADA, GLUCOSE_BANDS, HYPOGLYCAEMIA, TIME_IN_RANGE_TARGET } from '@diacare/contract/clinical';
import PDFDocument from 'pdfkit';
import type { ReportModel } from './doctor-report-data.ts';

const require = createRequire(import.meta.url);

/** Font files (WOFF 1.0, which fontkit reads), resolved once at start-up. */
const FONT_FILES = {
  latin: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'),
  latinBold: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff'),
  latinExt: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff'),
  latinExtBold: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff'),
  devanagari: require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff'),
  devanagariBold:
    require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff'),
} as const;

let fonts: [string, Buffer][] | null = null;

/** The font files' bytes, read once on the first report (pdfkit would re-read a path each time). */
function fontData(): [string, Buffer][] {
  fonts ??= Object.entries(FONT_FILES).map(([name, file]) => [name, readFileSync(file)]);
  return fonts;
}

/** The file name of a report: diacare-report-START-to-END.pdf, dates in the user's zone. */
export const reportFileName = (period: ReportModel['period']) => `diacare-report-${period.start}-to-${period.end}.pdf`;

const COLOURS = {
  text: '#0f172a',
  muted: '#64748b',
  rule: '#cbd5e1',
  accent: '#0d9488',
  band: '#dcfce7',
  line: '#0d9488',
  low: '#dc2626',
} as const;

const PAGE = { margin: 40, width: 595.28, height: 841.89 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

type Script = 'latin' | 'latinExt' | 'devanagari';

/** Which embedded font can draw `char`: Devanagari blocks, Latin Extended, else basic Latin. */
function scriptOf(char: string): Script {
  const code = char.codePointAt(0)!;
  if ((code >= 0x0900 && code <= 0x097f) || (code >= 0xa8e0 && code <= 0xa8ff) || (code >= 0x1cd0 && code <= 0x1cff)) {
    return 'devanagari';
  }
  if ((code >= 0x0100 && code <= 0x024f) || (code >= 0x1e00 && code <= 0x1eff)) return 'latinExt';
  return 'latin';
}

/** Splits `text` into runs that one font can draw; spaces join the run they are in (punctuation and digits are Latin). */
function scriptRuns(text: string): { script: Script; text: string }[] {
  const runs: { script: Script; text: string }[] = [];
  for (const char of text) {
    const neutral = /\s/.test(char);
    const last = runs[runs.length - 1];
    const script = neutral && last ? last.script : scriptOf(char);
    if (last && last.script === script) last.text += char;
    else runs.push({ script, text: char });
  }
  return runs;
}

interface WriteOptions {
  size?: number;
  bold?: boolean;
  colour?: string;
  x?: number;
  y?: number;
  width?: number;
  align?: 'left' | 'center' | 'right';
}

const fontName = (script: Script, bold: boolean) => `${script}${bold ? 'Bold' : ''}`;

const formatDate = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
};

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);
const signed = (value: number) => (value > 0 ? `+${value.toFixed(1)}` : value.toFixed(1));
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Draws the report and returns the pdfkit document, a Readable stream of the PDF's bytes:
 * pipe it to the reply. The document is complete (end() called) when this returns.
 */
export function renderDoctorReport(model: ReportModel): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: {
      Title: `DiaCare report ${model.period.start} to ${model.period.end}`,
      Author: 'DiaCare',
      Subject: 'Diabetes self-monitoring summary for a clinic visit',
    },
  });
  for (const [name, data] of fontData()) doc.registerFont(name, data);

  /** Writes `text` at the cursor (or x, y), switching fonts per script run. */
  const write = (text: string, options: WriteOptions = {}) => {
    const { size = 9.5, bold = false, colour = COLOURS.text } = options;
    doc.fontSize(size).fillColor(colour);
    const runs = scriptRuns(text);
    runs.forEach((run, index) => {
      doc.font(fontName(run.script, bold));
      const continued = index < runs.length - 1;
      if (index === 0 && options.x !== undefined) {
        doc.text(run.text, options.x, options.y ?? doc.y, {
          width: options.width,
          align: options.align,
          continued,
          lineGap: 1,
        });
      } else {
        doc.text(run.text, { width: options.width, align: options.align, continued, lineGap: 1 });
      }
    });
    if (runs.length === 0) doc.text('', { width: options.width });
  };

  /** Starts a new page when fewer than `needed` points are left. */
  const room = (needed: number) => {
    if (doc.y + needed > PAGE.height - PAGE.margin - 20) doc.addPage();
  };

  const heading = (title: string, needed = 80) => {
    room(needed);
    doc.moveDown(0.6);
    const y = doc.y;
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.width - PAGE.margin, y)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke();
    doc.y = y + 5;
    write(title, { size: 12, bold: true, colour: COLOURS.accent, x: PAGE.margin });
    doc.moveDown(0.2);
  };

  const source = (text: string) => {
    doc.moveDown(0.2);
    write(`Source: ${text}`, { size: 7.5, colour: COLOURS.muted, x: PAGE.margin, width: CONTENT_WIDTH });
  };

  /** A table with fixed column widths (fractions of the content width); the header bold. */
  const table = (columns: { label: string; width: number; align?: 'left' | 'right' }[], rows: string[][]) => {
    const draw = (cells: string[], bold: boolean) => {
      room(16);
      const y = doc.y;
      let x = PAGE.margin;
      let bottom = y;
      cells.forEach((cell, index) => {
        const width = columns[index]!.width * CONTENT_WIDTH;
        write(cell, { bold, x, y, width: width - 6, colour: bold ? COLOURS.muted : COLOURS.text, size: 9 });
        bottom = Math.max(bottom, doc.y);
        x += width;
      });
      doc.x = PAGE.margin;
      doc.y = bottom + 2;
    };
    draw(
      columns.map((c) => c.label),
      true,
    );
    for (const row of rows) draw(row, false);
  };

  /** Label–value pairs on one line, spread across the width. */
  const figures = (pairs: [string, string][]) => {
    room(34);
    const y = doc.y;
    const width = CONTENT_WIDTH / pairs.length;
    let bottom = y;
    pairs.forEach(([label, value], index) => {
      const x = PAGE.margin + index * width;
      write(label, { x, y, width: width - 8, size: 8, colour: COLOURS.muted });
      write(value, { x, y: doc.y, width: width - 8, size: 12, bold: true });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = PAGE.margin;
    doc.y = bottom + 4;
  };

  // Header.
  write('DiaCare — report for the doctor', { size: 17, bold: true, x: PAGE.margin });
  write(
    `${formatDate(model.period.start)} to ${formatDate(model.period.end)} (${model.period.days} days) · made on ${formatDate(model.generatedOn)} from readings the patient logged in the app`,
    { size: 9, colour: COLOURS.muted, x: PAGE.margin, width: CONTENT_WIDTH },
  );
  doc.moveDown(0.6);
  const { patient } = model;
  figures([
    ['Patient', patient.name || '—'],
    ['Age', patient.age === null ? '—' : `${patient.age} years`],
    ['Sex', patient.sex ? capitalise(patient.sex) : '—'],
    ['Diabetes type', patient.diabetesType],
  ]);

  // Medicines.
  heading('Medicines and adherence');
  if (model.adherence.rows.length === 0) {
    write('No medicines recorded.', { x: PAGE.margin });
  } else {
    write(`Overall adherence: ${percent(model.adherence.overall)} of counted doses taken`, {
      x: PAGE.margin,
      bold: true,
    });
    doc.moveDown(0.3);
    table(
      [
        { label: 'Medicine', width: 0.26 },
        { label: 'Schedule', width: 0.32 },
        { label: 'Taken', width: 0.1 },
        { label: 'Missed', width: 0.1 },
        { label: 'Skipped', width: 0.1 },
        { label: 'Adherence', width: 0.12 },
      ],
      model.adherence.rows.map((row) => [
        row.name,
        row.schedule,
        String(row.taken),
        String(row.missed),
        String(row.skipped),
        percent(row.percent),
      ]),
    );
  }
  source(
    'adherence = doses taken ÷ doses taken, missed or skipped, rounded; a scheduled dose not marked by the end of its time counts as missed; doses not yet due are left out (as on the Reports screen).',
  );

  // Glucose.
  const { glucose } = model;
  heading('Blood glucose', 120);
  if (glucose.readings === 0) {
    write('No glucose readings in this period.', { x: PAGE.margin });
  } else {
    figures([
      ['Readings', `${glucose.readings} on ${glucose.distinctDays} days`],
      ['Mean', `${glucose.mean} mg/dL`],
      ['Standard deviation', glucose.sd === null ? '—' : `${glucose.sd} mg/dL`],
      ['Coefficient of variation', glucose.cv === null ? '—' : `${glucose.cv.toFixed(1)}%`],
    ]);
    const tir = glucose.tir!;
    write('Time in ranges (share of readings)', { x: PAGE.margin, bold: true, size: 9.5 });
    doc.moveDown(0.2);
    table(
      [
        { label: `Very low < ${GLUCOSE_BANDS.veryLow}`, width: 0.2 },
        { label: `Low ${GLUCOSE_BANDS.veryLow}–${GLUCOSE_BANDS.low - 1}`, width: 0.2 },
        { label: `In range ${TIME_IN_RANGE_TARGET.low}–${TIME_IN_RANGE_TARGET.high}`, width: 0.2 },
        { label: `High ${GLUCOSE_BANDS.high + 1}–${GLUCOSE_BANDS.veryHigh}`, width: 0.2 },
        { label: `Very high > ${GLUCOSE_BANDS.veryHigh}`, width: 0.2 },
      ],
      [
        [
          `${tir.veryLow}% (${tir.counts.veryLow})`,
          `${tir.low}% (${tir.counts.low})`,
          `${tir.inRange}% (${tir.counts.inRange})`,
          `${tir.high}% (${tir.counts.high})`,
          `${tir.veryHigh}% (${tir.counts.veryHigh})`,
        ],
      ],
    );
    write(
      'mg/dL; consensus targets: in range over 70%, below 70 under 4%, below 54 under 1%, above 180 under 25%, above 250 under 5%.',
      {
        x: PAGE.margin,
        size: 8,
        colour: COLOURS.muted,
        width: CONTENT_WIDTH,
      },
    );
    doc.moveDown(0.4);
    const a1c =
      glucose.estimatedA1c === null
        ? `Estimated A1c: not shown — it needs readings on at least ${model.constants.a1cMinDays} different days (${glucose.distinctDays} so far).`
        : `Estimated A1c: ${glucose.estimatedA1c.toFixed(1)}% — an estimate from the mean glucose, (mean + 46.7) ÷ 28.7, with readings on ${glucose.distinctDays} days; not a laboratory HbA1c.`;
    write(a1c, { x: PAGE.margin, width: CONTENT_WIDTH });
    doc.moveDown(0.4);

    write('Readings by meal context', { x: PAGE.margin, bold: true });
    doc.moveDown(0.2);
    table(
      [
        { label: 'Context', width: 0.4 },
        { label: 'Readings', width: 0.2 },
        { label: 'Mean (mg/dL)', width: 0.4 },
      ],
      glucose.byContext.map((row) => [row.context, String(row.readings), String(row.mean)]),
    );
    doc.moveDown(0.3);

    room(60);
    write(`Lows (under ${HYPOGLYCAEMIA.low} mg/dL): ${glucose.lowsCount}`, { x: PAGE.margin, bold: true });
    if (glucose.lowsCount > 0) {
      const listed = glucose.lows
        .map(
          (low) =>
            `${formatDate(low.date)} ${low.time} — ${low.value} mg/dL${low.value < HYPOGLYCAEMIA.veryLow ? ' (level 2)' : ''}, ${low.context}`,
        )
        .join('; ');
      const more =
        glucose.lowsCount > glucose.lows.length ? `; and ${glucose.lowsCount - glucose.lows.length} more` : '';
      write(`${listed}${more}.`, { x: PAGE.margin, width: CONTENT_WIDTH, size: 9 });
    }
    doc.moveDown(0.4);
    drawDailyChart(doc, model, write);
  }
  source(
    'time in ranges and CV target: Battelino et al., International Consensus on Time in Range, Diabetes Care 2019;42:1593 (applied to finger-stick readings); SD (sample) and CV: Danne et al., Diabetes Care 2017;40:1631; lows: ADA Standards of Care 2025 §6 (level 1 under 70, level 2 under 54 mg/dL); estimated A1c: Nathan et al. (ADAG), Diabetes Care 2008;31:1473.',
  );

  // Blood pressure.
  const { bloodPressure } = model;
  heading('Blood pressure', 60);
  if (bloodPressure.readings === 0) {
    write('No blood pressure readings in this period.', { x: PAGE.margin });
  } else {
    figures([
      ['Readings', String(bloodPressure.readings)],
      ['Mean', `${bloodPressure.systolic}/${bloodPressure.diastolic} mmHg`],
      [`Under ${BP_GOAL_ADA.systolic}/${BP_GOAL_ADA.diastolic} mmHg`, percent(bloodPressure.underGoal)],
    ]);
  }
  source(
    `goal under ${BP_GOAL_ADA.systolic}/${BP_GOAL_ADA.diastolic} mmHg for most people with diabetes: ADA Standards of Care 2025, §10.`,
  );

  // Weight and BMI.
  const { body } = model;
  heading('Weight and BMI', 60);
  if (!body.first || !body.last) {
    write('No weight readings in this period.', { x: PAGE.margin });
  } else {
    figures([
      [
        `First (${formatDate(body.first.date)})`,
        `${body.first.weight.toFixed(1)} kg · BMI ${body.first.bmi.toFixed(1)}`,
      ],
      [`Last (${formatDate(body.last.date)})`, `${body.last.weight.toFixed(1)} kg · BMI ${body.last.bmi.toFixed(1)}`],
      ['Change', `${signed(body.weightChange!)} kg · BMI ${signed(body.bmiChange!)}`],
    ]);
  }
  source('BMI = weight ÷ height² (kg/m²), one decimal; bands: WHO adult classification.');

  // Appointments.
  heading('Upcoming appointments', 50);
  if (model.appointments.length === 0) {
    write('None booked.', { x: PAGE.margin });
  } else {
    table(
      [
        { label: 'Date', width: 0.22 },
        { label: 'Visit', width: 0.4 },
        { label: 'Where', width: 0.38 },
      ],
      model.appointments.map((a) => [
        `${formatDate(a.date)} ${a.time}`,
        `${a.type === 'lab' ? 'Lab test' : 'Doctor'}: ${a.title}${a.doctor ? ` (${a.doctor})` : ''}`,
        a.location,
      ]),
    );
  }

  doc.moveDown(1);
  write(
    'Self-monitoring data entered by the patient; not a diagnosis. Figures follow the same rules as the DiaCare Reports and History screens.',
    { x: PAGE.margin, width: CONTENT_WIDTH, size: 7.5, colour: COLOURS.muted },
  );
  doc.end();
  return doc;
}

/**
 * The daily chart: each day's mean glucose as a line of vector paths over the 70–180 mg/dL
 * band, with guides at 54 and 250; a day without readings breaks the line.
 */
function drawDailyChart(
  doc: PDFKit.PDFDocument,
  model: ReportModel,
  write: (text: string, options?: WriteOptions) => void,
) {
  const height = 130;
  if (doc.y + height + 40 > PAGE.height - PAGE.margin - 20) doc.addPage();
  write('Daily mean glucose (mg/dL)', { x: PAGE.margin, bold: true });
  const top = doc.y + 6;
  const left = PAGE.margin + 28;
  const width = CONTENT_WIDTH - 28;
  const daily = model.glucose.daily;
  const means = daily.flatMap((d) => (d.mean === null ? [] : [d.mean]));
  const yMin = Math.min(40, ...means);
  const yMax = Math.max(300, ...means);
  const yOf = (value: number) => top + height - ((value - yMin) / (yMax - yMin)) * height;
  const xOf = (index: number) => left + (daily.length === 1 ? width / 2 : (index / (daily.length - 1)) * width);

  doc.save();
  doc
    .rect(left, yOf(TIME_IN_RANGE_TARGET.high), width, yOf(TIME_IN_RANGE_TARGET.low) - yOf(TIME_IN_RANGE_TARGET.high))
    .fill(COLOURS.band);
  doc.rect(left, top, width, height).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
  for (const guide of [
    GLUCOSE_BANDS.veryLow,
    TIME_IN_RANGE_TARGET.low,
    TIME_IN_RANGE_TARGET.high,
    GLUCOSE_BANDS.veryHigh,
  ]) {
    doc
      .moveTo(left, yOf(guide))
      .lineTo(left + width, yOf(guide))
      .dash(2, { space: 2 })
      .lineWidth(0.4)
      .strokeColor(COLOURS.muted)
      .stroke();
    doc.undash();
    write(String(guide), { x: PAGE.margin, y: yOf(guide) - 4, width: 24, size: 7, colour: COLOURS.muted });
  }
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
    doc.circle(xOf(index), yOf(day.mean), 1.6).fill(day.mean < HYPOGLYCAEMIA.low ? COLOURS.low : COLOURS.line);
  });
  doc.restore();
  const labelY = top + height + 3;
  const labels = [0, Math.floor((daily.length - 1) / 2), daily.length - 1];
  for (const index of labels) {
    const x = xOf(index) - 30;
    write(formatDate(daily[index]!.date), { x, y: labelY, width: 60, size: 7, colour: COLOURS.muted, align: 'center' });
  }
  doc.x = PAGE.margin;
  doc.y = labelY + 12;
  write(
    `Shaded: ${TIME_IN_RANGE_TARGET.low}–${TIME_IN_RANGE_TARGET.high} mg/dL target range; red dots: a day whose mean is under ${HYPOGLYCAEMIA.low}.`,
    {
      x: PAGE.margin,
      size: 7.5,
      colour: COLOURS.muted,
    },
  );
}
