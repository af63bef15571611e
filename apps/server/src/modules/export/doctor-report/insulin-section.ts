/** The 'Insulin' section (decision 047): units logged in the period by type, and the mean daily total. */
import type { MessageId } from '../../../i18n/index.ts';
import type { ReportModel } from '../doctor-report-data.ts';
import { PAGE, type ReportPdf } from './pdf.ts';

/** Units as a pen dials them: '18', '6.5'. */
const units = (value: number) => String(value);

/**
 * Draws the mean total daily dose and one row per insulin type (doses, total units, mean U
 * per day with a dose), or that none was logged; nothing at all when `model.insulin` is null.
 */
export function drawInsulin(pdf: ReportPdf, model: ReportModel): void {
  const { insulin } = model;
  if (!insulin) return;
  const { tr } = pdf;
  pdf.heading(tr('report.insulin.heading'), 70);
  if (insulin.meanDailyTotal === null) {
    pdf.write(tr('report.insulin.none'), { x: PAGE.margin });
  } else {
    pdf.write(tr('report.insulin.mean_daily', { units: units(insulin.meanDailyTotal), days: insulin.days }), {
      x: PAGE.margin,
      bold: true,
    });
    pdf.doc.moveDown(0.3);
    pdf.table(
      [
        { label: tr('report.insulin.type'), width: 0.4 },
        { label: tr('report.insulin.doses'), width: 0.2 },
        { label: tr('report.insulin.units'), width: 0.2 },
        { label: tr('report.insulin.mean'), width: 0.2 },
      ],
      insulin.byType.map((row) => [
        tr(`report.insulin.type.${row.type}` as MessageId),
        String(row.doses),
        units(row.units),
        units(row.meanDaily),
      ]),
    );
  }
  pdf.source(tr('report.insulin.source'));
}
