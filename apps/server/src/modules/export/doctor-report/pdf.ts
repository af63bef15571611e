/**
 * The report's PDF primitives over pdfkit: A4 page, colours, text in mixed scripts on one
 * baseline, headings, sources, tables, label–value figures and page breaks. Decision 019.
 */
import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';
import { optionText, t, type Language, type MessageId, type MessageValues } from '../../../i18n/index.ts';
import { fontData, fontName, scriptRuns } from './fonts.ts';
import { dateFormatter } from './formats.ts';

export const COLOURS = {
  text: '#0f172a',
  muted: '#64748b',
  rule: '#cbd5e1',
  accent: '#0d9488',
  band: '#dcfce7',
  line: '#0d9488',
  low: '#dc2626',
} as const;

const require = createRequire(import.meta.url);
let PDFDocument: typeof PDFKitDocument | null = null;

/**
 * pdfkit (with fontkit and its tables), loaded by the first report rather than at start: most
 * servers make few reports, and it held about 6 MB of the idle heap (decision 080).
 */
function loadPdfkit(): typeof PDFKitDocument {
  PDFDocument ??= require('pdfkit') as typeof PDFKitDocument;
  return PDFDocument;
}

export const PAGE = { margin: 40, width: 595.28, height: 841.89 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

export interface WriteOptions {
  size?: number;
  bold?: boolean;
  colour?: string;
  x?: number;
  y?: number;
  width?: number;
  align?: 'left' | 'center' | 'right';
}

export interface Column {
  label: string;
  /** fraction of the content width */
  width: number;
  align?: 'left' | 'right';
}

/** A report being drawn: the pdfkit document, the report's language and the primitives sections draw with. */
export interface ReportPdf {
  doc: PDFKit.PDFDocument;
  language: Language;
  /** A message in the report's language. */
  tr: (id: MessageId, values?: MessageValues) => string;
  /** YYYY-MM-DD as '5 Mar 2026' (en-IN) or '5 मार्च 2026' (hi-IN): the contract's INTL_LOCALES. */
  formatDate: (date: string) => string;
  /** A stored option ('female', 'Fasting') in the report's language; the value itself when it has no text. */
  option: (id: string, value: string) => string;
  /** Writes `text` at the cursor (or x, y), switching fonts per script run on one baseline. */
  write: (text: string, options?: WriteOptions) => void;
  /** Starts a new page when fewer than `needed` points are left. */
  room: (needed: number) => void;
  /** A section title under a rule, on a new page unless `needed` points are left. */
  heading: (title: string, needed?: number) => void;
  /** The small 'Source: …' line that ends a section. */
  source: (text: string) => void;
  /** A table with fixed column widths; the header bold. */
  table: (columns: Column[], rows: string[][]) => void;
  /** Label–value pairs on one line, spread across the width. */
  figures: (pairs: [string, string][]) => void;
  /** Label–value pairs in one line of text, 'Label: value · Label: value' (a compact `figures`). */
  line: (pairs: [string, string][]) => void;
}

/**
 * Opens an A4 document in `language` with the fonts registered and returns it with its
 * primitives. `info` holds the PDF's title and subject.
 */
export function createReportPdf(language: Language, info: { title: string; subject: string }): ReportPdf {
  const Document = loadPdfkit();
  const doc = new Document({
    size: 'A4',
    margin: PAGE.margin,
    lang: language,
    info: { Title: info.title, Author: 'DiaCare', Subject: info.subject },
  });
  for (const [name, data] of fontData()) doc.registerFont(name, data);
  const tr = (id: MessageId, values?: MessageValues) => t(language, id, values);
  const write = writer(doc);
  const room = (needed: number) => {
    if (doc.y + needed > PAGE.height - PAGE.margin - 20) doc.addPage();
  };
  const pdf: ReportPdf = {
    doc,
    language,
    tr,
    formatDate: dateFormatter(language),
    option: (id, value) => optionText(language, id, value),
    write,
    room,
    heading: (title, needed = 80) => heading(pdf, title, needed),
    source: (text) => {
      doc.moveDown(0.15);
      write(tr('report.source', { text }), { size: 7.5, colour: COLOURS.muted, x: PAGE.margin, width: CONTENT_WIDTH });
    },
    table: (columns, rows) => table(pdf, columns, rows),
    figures: (pairs) => figures(pdf, pairs),
    line: (pairs) => {
      room(14);
      write(pairs.map(([label, value]) => `${label}: ${value}`).join(' · '), {
        x: PAGE.margin,
        width: CONTENT_WIDTH,
        size: 9,
      });
    },
  };
  return pdf;
}

/** The `write` primitive of `doc`. */
function writer(doc: PDFKit.PDFDocument): ReportPdf['write'] {
  // pdfkit places a run's baseline at the top of the line plus its own font's ascender, and
  // Noto Sans Devanagari's (0.896 em) is smaller than Noto Sans's (1.069 em): a Hindi word
  // would sit higher than the digits beside it. Every run gets Noto Sans's baseline instead.
  const latinAscender = (doc.font('latin') as unknown as { _font: { ascender: number } })._font.ascender / 1000;
  return (text, options = {}) => {
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
}

function heading({ doc, write, room }: ReportPdf, title: string, needed: number) {
  room(needed);
  doc.moveDown(0.4);
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
}

function table({ doc, write, room }: ReportPdf, columns: Column[], rows: string[][]) {
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
}

function figures({ doc, write, room }: ReportPdf, pairs: [string, string][]) {
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
}
