/** The 'Blood pressure' section. */
import { BP_GOAL_ADA } from '@diacare/contract/clinical';
import type { ReportModel } from '../doctor-report-data.ts';
import { percent } from './formats.ts';
import { PAGE, type ReportPdf } from './pdf.ts';

/** Draws readings, mean and the share under the ADA goal on one line, then the goal's source. */
export function drawBloodPressure(pdf: ReportPdf, model: ReportModel): void {
  const { tr } = pdf;
  const { bloodPressure } = model;
  const goal = { systolic: BP_GOAL_ADA.systolic, diastolic: BP_GOAL_ADA.diastolic };
  pdf.heading(tr('report.bp.heading'), 60);
  if (bloodPressure.readings === 0) {
    pdf.write(tr('report.bp.none'), { x: PAGE.margin });
  } else {
    pdf.line([
      [tr('report.glucose.readings'), String(bloodPressure.readings)],
      [tr('report.glucose.mean'), `${bloodPressure.systolic}/${bloodPressure.diastolic} mmHg`],
      [tr('report.bp.under_goal', goal), percent(bloodPressure.underGoal)],
    ]);
  }
  pdf.source(tr('report.bp.source', goal));
}
