/** The report's title, period and patient line. */
import type { ReportModel } from '../doctor-report-data.ts';
import { COLOURS, CONTENT_WIDTH, PAGE, type ReportPdf } from './pdf.ts';

/** Draws the title, the period with the day it was made, and name, age, sex and diabetes type. */
export function drawHeader(pdf: ReportPdf, model: ReportModel): void {
  const { tr, write, formatDate, option, doc } = pdf;
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
  pdf.figures([
    [tr('report.patient'), patient.name || '—'],
    [tr('report.age'), patient.age === null ? '—' : tr('report.age_years', { age: patient.age })],
    [tr('report.sex'), patient.sex ? option(`report.sex.${patient.sex}`, patient.sex) : '—'],
    [tr('report.diabetes_type'), option(`report.diabetes.${patient.diabetesType}`, patient.diabetesType)],
  ]);
}
