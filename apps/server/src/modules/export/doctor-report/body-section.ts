/** The 'Weight and BMI' section. */
import type { ReportModel } from '../doctor-report-data.ts';
import { signed } from './formats.ts';
import { PAGE, type ReportPdf } from './pdf.ts';

/** Draws the period's first and last weight and BMI and the change on one line, then the BMI rule's source. */
export function drawBody(pdf: ReportPdf, model: ReportModel): void {
  const { tr, formatDate } = pdf;
  const { body } = model;
  pdf.heading(tr('report.body.heading'), 60);
  if (!body.first || !body.last) {
    pdf.write(tr('report.body.none'), { x: PAGE.margin });
  } else {
    pdf.line([
      [
        tr('report.body.first', { date: formatDate(body.first.date) }),
        tr('report.body.weight_bmi', { weight: body.first.weight.toFixed(1), bmi: body.first.bmi.toFixed(1) }),
      ],
      [
        tr('report.body.last', { date: formatDate(body.last.date) }),
        tr('report.body.weight_bmi', { weight: body.last.weight.toFixed(1), bmi: body.last.bmi.toFixed(1) }),
      ],
      [
        tr('report.body.change'),
        tr('report.body.weight_bmi', { weight: signed(body.weightChange!), bmi: signed(body.bmiChange!) }),
      ],
    ]);
  }
  pdf.source(tr('report.body.source'));
}
