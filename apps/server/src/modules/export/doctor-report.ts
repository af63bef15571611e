/**
 * The doctor report PDF: one A4 document, 1–2 pages of real, selectable
 * text, drawn with pdfkit from a ReportModel (doctor-report-data.ts). Each section ends with
 * the source of its rules. Noto Sans (Latin) and Noto Sans Devanagari are embedded, so every
 * language the app offers (English, Hindi) prints; the font files load from the
 * @fontsource packages in node_modules, which the built server keeps as external packages.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BP_GOAL_ADA, GLUCOSE_BANDS, HYPOGLYCAEMIA, TIME_IN_RANGE_TARGET } from '@diacare/contract/clinical';
import { weeklyDays } from '@diacare/contract/dose-rules';
import { GLUCOSE_DECIMALS, formatGlucoseValue, glucoseInUnit } from '@diacare/contract/glucose-units';
import PDFDocument from 'pdfkit';
import { t, type Language, type MessageId, type MessageValues } from '../../i18n/index.ts';
import type { MedicineRow, ReportModel } from './doctor-report-data.ts';

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

/** Dates as '5 Mar 2026' (English) or '5 मार्च 2026' (hi-IN), from YYYY-MM-DD. */
const dateFormatter = (
  language: Language,
  style: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' },
) => {
  const format = new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-GB', { ...style, timeZone: 'UTC' });
  return (date: string) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return format.format(new Date(Date.UTC(year, month - 1, day)));
  };
};

/** A medicine's schedule line: the model's English, or the same facts in Hindi with hi-IN weekday names. */
function scheduleText(row: MedicineRow, language: Language): string {
  if (language === 'en' || row.plan === undefined) return row.schedule;
  if (row.plan === null) return t(language, 'report.schedule.stopped');
  const times = row.plan.times.join(', ');
  if (row.plan.frequency === 'daily') return t(language, 'report.schedule.daily', { times });
  if (row.plan.frequency === 'weekly') {
    // 2024-01-01 was a Monday: ISO weekday n is 2024-01-0n.
    const weekday = new Intl.DateTimeFormat('hi-IN', { weekday: 'short', timeZone: 'UTC' });
    const days = weeklyDays(row.plan)
      .map((iso) => weekday.format(new Date(Date.UTC(2024, 0, iso))))
      .join(', ');
    return t(language, 'report.schedule.weekly', { days, times });
  }
  return t(language, 'report.schedule.as_needed');
}

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);
const signed = (value: number) => (value > 0 ? `+${value.toFixed(1)}` : value.toFixed(1));

/**
 * Draws the report in `language` (issue 14: the user's; names, medicines and citations as
 * written, dates through Intl for en-GB / hi-IN) and returns the pdfkit document, a Readable
 * stream of the PDF's bytes: pipe it to the reply. The document is complete (end() called)
 * when this returns.
 */
export function renderDoctorReport(model: ReportModel, language: Language = 'en'): PDFKit.PDFDocument {
  const tr = (id: MessageId, values?: MessageValues) => t(language, id, values);
  const formatDate = dateFormatter(language);
  // The chart's axis has room for one script only: Hindi dates there are all digits (23/10/2026).
  const axisDate =
    language === 'hi' ? dateFormatter(language, { day: 'numeric', month: 'numeric', year: 'numeric' }) : formatDate;
  /** A stored option ('female', 'Fasting') in the report's language; the value itself when it has no text. */
  const option = (id: string, value: string) => (tr(id as MessageId) === id ? value : tr(id as MessageId));
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    lang: language,
    info: {
      Title: tr('report.info.title', { start: model.period.start, end: model.period.end }),
      Author: 'DiaCare',
      Subject: tr('report.info.subject'),
    },
  });
  for (const [name, data] of fontData()) doc.registerFont(name, data);

  // pdfkit places a run's baseline at the top of the line plus its own font's ascender, and
  // Noto Sans Devanagari's (0.896 em) is smaller than Noto Sans's (1.069 em): a Hindi word
  // would sit higher than the digits beside it. Every run gets Noto Sans's baseline instead.
  const latinAscender = (doc.font('latin') as unknown as { _font: { ascender: number } })._font.ascender / 1000;

  /** Writes `text` at the cursor (or x, y), switching fonts per script run on one baseline. */
  const write = (text: string, options: WriteOptions = {}) => {
    const { size = 9.5, bold = false, colour = COLOURS.text } = options;
    doc.fontSize(size).fillColor(colour);
    const baseline = -latinAscender * size;
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
          baseline,
        });
      } else {
        doc.text(run.text, { width: options.width, align: options.align, continued, lineGap: 1, baseline });
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
    write(tr('report.source', { text }), { size: 7.5, colour: COLOURS.muted, x: PAGE.margin, width: CONTENT_WIDTH });
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
  write(tr('report.title'), { size: 17, bold: true, x: PAGE.margin });
  write(
    tr('report.period', {
      start: formatDate(model.period.start),
      end: formatDate(model.period.end),
      days: model.period.days,
      made: formatDate(model.generatedOn),
    }),
    { size: 9, colour: COLOURS.muted, x: PAGE.margin, width: CONTENT_WIDTH },
  );
  doc.moveDown(0.6);
  const { patient } = model;
  figures([
    [tr('report.patient'), patient.name || '—'],
    [tr('report.age'), patient.age === null ? '—' : tr('report.age_years', { age: patient.age })],
    [tr('report.sex'), patient.sex ? option(`report.sex.${patient.sex}`, patient.sex) : '—'],
    [tr('report.diabetes_type'), patient.diabetesType],
  ]);

  // Medicines.
  heading(tr('report.medicines.heading'));
  if (model.adherence.rows.length === 0) {
    write(tr('report.medicines.none'), { x: PAGE.margin });
  } else {
    write(tr('report.medicines.overall', { percent: percent(model.adherence.overall) }), {
      x: PAGE.margin,
      bold: true,
    });
    doc.moveDown(0.3);
    table(
      [
        { label: tr('report.medicines.medicine'), width: 0.26 },
        { label: tr('report.medicines.schedule'), width: 0.32 },
        { label: tr('report.medicines.taken'), width: 0.1 },
        { label: tr('report.medicines.missed'), width: 0.1 },
        { label: tr('report.medicines.skipped'), width: 0.1 },
        { label: tr('report.medicines.adherence'), width: 0.12 },
      ],
      model.adherence.rows.map((row) => [
        row.name,
        scheduleText(row, language),
        String(row.taken),
        String(row.missed),
        String(row.skipped),
        percent(row.percent),
      ]),
    );
  }
  source(tr('report.medicines.source'));

  // Glucose.
  const { glucose } = model;
  // Figures come in the user's unit; thresholds (mg/dL) are named in it too.
  const { unit } = glucose;
  const shown = (value: number) => value.toFixed(GLUCOSE_DECIMALS[unit]);
  const threshold = (mgDl: number) => formatGlucoseValue(mgDl, unit);
  heading(tr('report.glucose.heading'), 120);
  if (glucose.readings === 0) {
    write(tr('report.glucose.none'), { x: PAGE.margin });
  } else {
    figures([
      [
        tr('report.glucose.readings'),
        tr('report.glucose.readings_on_days', { readings: glucose.readings, days: glucose.distinctDays }),
      ],
      [tr('report.glucose.mean'), `${shown(glucose.mean!)} ${unit}`],
      [tr('report.glucose.sd'), glucose.sd === null ? '—' : `${shown(glucose.sd)} ${unit}`],
      [tr('report.glucose.cv'), glucose.cv === null ? '—' : `${glucose.cv.toFixed(1)}%`],
    ]);
    const tir = glucose.tir!;
    write(tr('report.glucose.tir'), { x: PAGE.margin, bold: true, size: 9.5 });
    doc.moveDown(0.2);
    table(
      [
        { label: tr('report.glucose.band.very_low', { value: threshold(GLUCOSE_BANDS.veryLow) }), width: 0.2 },
        {
          label:
            unit === 'mg/dL'
              ? tr('report.glucose.band.low', { from: GLUCOSE_BANDS.veryLow, to: GLUCOSE_BANDS.low - 1 })
              : tr('report.glucose.band.low_open', {
                  from: threshold(GLUCOSE_BANDS.veryLow),
                  to: threshold(GLUCOSE_BANDS.low),
                }),
          width: 0.2,
        },
        {
          label: tr('report.glucose.band.in_range', {
            from: threshold(TIME_IN_RANGE_TARGET.low),
            to: threshold(TIME_IN_RANGE_TARGET.high),
          }),
          width: 0.2,
        },
        {
          label:
            unit === 'mg/dL'
              ? tr('report.glucose.band.high', { from: GLUCOSE_BANDS.high + 1, to: GLUCOSE_BANDS.veryHigh })
              : tr('report.glucose.band.high_open', {
                  from: threshold(GLUCOSE_BANDS.high),
                  to: threshold(GLUCOSE_BANDS.veryHigh),
                }),
          width: 0.2,
        },
        { label: tr('report.glucose.band.very_high', { value: threshold(GLUCOSE_BANDS.veryHigh) }), width: 0.2 },
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
      tr('report.glucose.targets', {
        unit,
        low: threshold(HYPOGLYCAEMIA.low),
        veryLow: threshold(HYPOGLYCAEMIA.veryLow),
        high: threshold(TIME_IN_RANGE_TARGET.high),
        veryHigh: threshold(GLUCOSE_BANDS.veryHigh),
      }),
      { x: PAGE.margin, size: 8, colour: COLOURS.muted, width: CONTENT_WIDTH },
    );
    doc.moveDown(0.4);
    const a1c =
      glucose.estimatedA1c === null
        ? tr('report.glucose.a1c_missing', { min: model.constants.a1cMinDays, days: glucose.distinctDays })
        : tr(unit === 'mmol/L' ? 'report.glucose.a1c_from_mgdl' : 'report.glucose.a1c', {
            a1c: glucose.estimatedA1c.toFixed(1),
            days: glucose.distinctDays,
          });
    write(a1c, { x: PAGE.margin, width: CONTENT_WIDTH });
    doc.moveDown(0.4);

    write(tr('report.glucose.by_context'), { x: PAGE.margin, bold: true });
    doc.moveDown(0.2);
    table(
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
    doc.moveDown(0.3);

    room(60);
    write(tr('report.glucose.lows', { value: threshold(HYPOGLYCAEMIA.low), unit, count: glucose.lowsCount }), {
      x: PAGE.margin,
      bold: true,
    });
    if (glucose.lowsCount > 0) {
      const listed = glucose.lows
        .map(
          (low) =>
            `${formatDate(low.date)} ${low.time} — ${shown(low.value)} ${unit}${low.level === 2 ? tr('report.glucose.level2') : ''}, ${option(`option.meal.${low.context}`, low.context)}`,
        )
        .join('; ');
      const more =
        glucose.lowsCount > glucose.lows.length
          ? tr('report.glucose.more', { count: glucose.lowsCount - glucose.lows.length })
          : '';
      write(`${listed}${more}.`, { x: PAGE.margin, width: CONTENT_WIDTH, size: 9 });
    }
    doc.moveDown(0.4);
    drawDailyChart(doc, model, write, tr, axisDate);
  }
  source(
    tr('report.glucose.source', {
      low: threshold(HYPOGLYCAEMIA.low),
      veryLow: threshold(HYPOGLYCAEMIA.veryLow),
      unit,
      conversion: unit === 'mmol/L' ? tr('report.glucose.conversion') : '',
    }),
  );

  // Blood pressure.
  const { bloodPressure } = model;
  const goal = { systolic: BP_GOAL_ADA.systolic, diastolic: BP_GOAL_ADA.diastolic };
  heading(tr('report.bp.heading'), 60);
  if (bloodPressure.readings === 0) {
    write(tr('report.bp.none'), { x: PAGE.margin });
  } else {
    figures([
      [tr('report.glucose.readings'), String(bloodPressure.readings)],
      [tr('report.glucose.mean'), `${bloodPressure.systolic}/${bloodPressure.diastolic} mmHg`],
      [tr('report.bp.under_goal', goal), percent(bloodPressure.underGoal)],
    ]);
  }
  source(tr('report.bp.source', goal));

  // Weight and BMI.
  const { body } = model;
  heading(tr('report.body.heading'), 60);
  if (!body.first || !body.last) {
    write(tr('report.body.none'), { x: PAGE.margin });
  } else {
    figures([
      [
        tr('report.body.first', { date: formatDate(body.first.date) }),
        `${body.first.weight.toFixed(1)} kg · BMI ${body.first.bmi.toFixed(1)}`,
      ],
      [
        tr('report.body.last', { date: formatDate(body.last.date) }),
        `${body.last.weight.toFixed(1)} kg · BMI ${body.last.bmi.toFixed(1)}`,
      ],
      [tr('report.body.change'), `${signed(body.weightChange!)} kg · BMI ${signed(body.bmiChange!)}`],
    ]);
  }
  source(tr('report.body.source'));

  // Appointments.
  heading(tr('report.appointments.heading'), 50);
  if (model.appointments.length === 0) {
    write(tr('report.appointments.none'), { x: PAGE.margin });
  } else {
    table(
      [
        { label: tr('report.appointments.date'), width: 0.22 },
        { label: tr('report.appointments.visit'), width: 0.4 },
        { label: tr('report.appointments.where'), width: 0.38 },
      ],
      model.appointments.map((a) => [
        `${formatDate(a.date)} ${a.time}`,
        `${tr(a.type === 'lab' ? 'report.appointments.lab' : 'report.appointments.doctor')}: ${a.title}${a.doctor ? ` (${a.doctor})` : ''}`,
        a.location,
      ]),
    );
  }

  doc.moveDown(1);
  write(tr('report.footer'), { x: PAGE.margin, width: CONTENT_WIDTH, size: 7.5, colour: COLOURS.muted });
  doc.end();
  return doc;
}

/**
 * The daily chart: each day's mean glucose as a line of vector paths over the 70–180 mg/dL
 * band, with guides at 54 and 250; a day without readings breaks the line. Means, band and
 * guides are in the user's unit (issue 14: 3.9–10.0 mmol/L, guides 3.0 and 13.9).
 */
function drawDailyChart(
  doc: PDFKit.PDFDocument,
  model: ReportModel,
  write: (text: string, options?: WriteOptions) => void,
  tr: (id: MessageId, values?: MessageValues) => string,
  formatDate: (date: string) => string,
) {
  const height = 130;
  const { unit } = model.glucose;
  const inUnit = (mgDl: number) => glucoseInUnit(mgDl, unit);
  if (doc.y + height + 40 > PAGE.height - PAGE.margin - 20) doc.addPage();
  write(tr('report.glucose.chart', { unit }), { x: PAGE.margin, bold: true });
  const top = doc.y + 6;
  const left = PAGE.margin + 28;
  const width = CONTENT_WIDTH - 28;
  const daily = model.glucose.daily;
  const means = daily.flatMap((d) => (d.mean === null ? [] : [d.mean]));
  const yMin = Math.min(inUnit(40), ...means);
  const yMax = Math.max(inUnit(300), ...means);
  const yOf = (value: number) => top + height - ((value - yMin) / (yMax - yMin)) * height;
  const xOf = (index: number) => left + (daily.length === 1 ? width / 2 : (index / (daily.length - 1)) * width);

  doc.save();
  doc
    .rect(
      left,
      yOf(inUnit(TIME_IN_RANGE_TARGET.high)),
      width,
      yOf(inUnit(TIME_IN_RANGE_TARGET.low)) - yOf(inUnit(TIME_IN_RANGE_TARGET.high)),
    )
    .fill(COLOURS.band);
  doc.rect(left, top, width, height).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
  for (const guideMgDl of [
    GLUCOSE_BANDS.veryLow,
    TIME_IN_RANGE_TARGET.low,
    TIME_IN_RANGE_TARGET.high,
    GLUCOSE_BANDS.veryHigh,
  ]) {
    const guide = inUnit(guideMgDl);
    doc
      .moveTo(left, yOf(guide))
      .lineTo(left + width, yOf(guide))
      .dash(2, { space: 2 })
      .lineWidth(0.4)
      .strokeColor(COLOURS.muted)
      .stroke();
    doc.undash();
    write(formatGlucoseValue(guideMgDl, unit), {
      x: PAGE.margin,
      y: yOf(guide) - 4,
      width: 24,
      size: 7,
      colour: COLOURS.muted,
    });
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
    doc.circle(xOf(index), yOf(day.mean), 1.6).fill(day.mean < inUnit(HYPOGLYCAEMIA.low) ? COLOURS.low : COLOURS.line);
  });
  doc.restore();
  const labelY = top + height + 3;
  const labels = [0, Math.floor((daily.length - 1) / 2), daily.length - 1];
  for (const index of labels) {
    const x = xOf(index) - 40;
    write(formatDate(daily[index]!.date), { x, y: labelY, width: 80, size: 7, colour: COLOURS.muted, align: 'center' });
  }
  doc.x = PAGE.margin;
  doc.y = labelY + 12;
  write(
    tr('report.glucose.chart_note', {
      from: formatGlucoseValue(TIME_IN_RANGE_TARGET.low, unit),
      to: formatGlucoseValue(TIME_IN_RANGE_TARGET.high, unit),
      unit,
      low: formatGlucoseValue(HYPOGLYCAEMIA.low, unit),
    }),
    {
      x: PAGE.margin,
      size: 7.5,
      colour: COLOURS.muted,
    },
  );
}
