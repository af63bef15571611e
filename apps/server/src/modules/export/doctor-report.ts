/**
 * The doctor report PDF: one A4 document, 1–2 pages of real, selectable text in the user's
 * language, drawn section by section (doctor-report/) from a ReportModel. Decision 019.
 */
import { t, type Language } from '../../i18n/index.ts';
import type { ReportModel } from './doctor-report-data.ts';
import { drawAppointments } from './doctor-report/appointments-section.ts';
import { drawBloodPressure } from './doctor-report/blood-pressure-section.ts';
import { drawBody } from './doctor-report/body-section.ts';
import { drawGlucose } from './doctor-report/glucose-section.ts';
import { drawHeader } from './doctor-report/header-section.ts';
import { drawInsulin } from './doctor-report/insulin-section.ts';
import { drawLabs } from './doctor-report/labs-section.ts';
import { drawMeals } from './doctor-report/meals-section.ts';
import { drawMedicines } from './doctor-report/medicines-section.ts';
import { drawOutcomes } from './doctor-report/outcomes-section.ts';
import { drawProfile } from './doctor-report/profile-section.ts';
import { COLOURS, CONTENT_WIDTH, PAGE, createReportPdf } from './doctor-report/pdf.ts';

/** The file name of a report: diacare-report-START-to-END.pdf, dates in the user's zone. */
export const reportFileName = (period: ReportModel['period']) => `diacare-report-${period.start}-to-${period.end}.pdf`;

/**
 * Draws the report in `language` (the user's; names, medicines and citations as written,
 * dates through Intl for en-GB / hi-IN) and returns the pdfkit document, a Readable stream of
 * the PDF's bytes: pipe it to the reply. The document is complete (end() called) when this returns.
 */
export function renderDoctorReport(model: ReportModel, language: Language = 'en'): PDFKit.PDFDocument {
  const pdf = createReportPdf(language, {
    title: t(language, 'report.info.title', { start: model.period.start, end: model.period.end }),
    subject: t(language, 'report.info.subject'),
  });
  drawHeader(pdf, model);
  // With sensor data the glucose profile opens the report (decision 084).
  drawProfile(pdf, model);
  drawMedicines(pdf, model);
  drawOutcomes(pdf, model);
  drawInsulin(pdf, model);
  drawGlucose(pdf, model);
  drawMeals(pdf, model);
  drawLabs(pdf, model);
  drawBloodPressure(pdf, model);
  drawBody(pdf, model);
  drawAppointments(pdf, model);
  pdf.doc.moveDown(0.5);
  pdf.write(pdf.tr('report.footer'), { x: PAGE.margin, width: CONTENT_WIDTH, size: 7.5, colour: COLOURS.muted });
  pdf.doc.end();
  return pdf.doc;
}
