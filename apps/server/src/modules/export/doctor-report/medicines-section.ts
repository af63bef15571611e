/** The 'Medicines and adherence' section. */
import type { ReportModel } from '../doctor-report-data.ts';
import { percent, scheduleText } from './formats.ts';
import { PAGE, type ReportPdf } from './pdf.ts';

/** Draws overall adherence and one row per medicine (taken, missed, skipped, %), then the rule's source. */
export function drawMedicines(pdf: ReportPdf, model: ReportModel): void {
  const { tr, write, doc } = pdf;
  pdf.heading(tr('report.medicines.heading'));
  if (model.adherence.rows.length === 0) {
    write(tr('report.medicines.none'), { x: PAGE.margin });
  } else {
    write(tr('report.medicines.overall', { percent: percent(model.adherence.overall) }), {
      x: PAGE.margin,
      bold: true,
    });
    doc.moveDown(0.3);
    pdf.table(
      [
        { label: tr('report.medicines.medicine'), width: 0.26 },
        { label: tr('report.medicines.schedule'), width: 0.32 },
        { label: tr('report.medicines.taken'), width: 0.1 },
        { label: tr('report.medicines.missed'), width: 0.1 },
        { label: tr('report.medicines.skipped'), width: 0.1 },
        { label: tr('report.medicines.adherence'), width: 0.12 },
      ],
      model.adherence.rows.map((row) => [
        row.name ?? tr('report.medicines.unnamed'),
        scheduleText(row, pdf.language),
        String(row.taken),
        String(row.missed),
        String(row.skipped),
        percent(row.percent),
      ]),
    );
  }
  pdf.source(tr('report.medicines.source'));
}
