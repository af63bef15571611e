/**
 * Doses and sugar (decision 052), under the medicines: one sentence setting the glucose of days
 * with a missed dose against days with every dose taken, worded as an association, not a cause.
 */
import { formatGlucose } from '@diacare/contract/glucose-units';
import type { ReportModel } from '../doctor-report-data.ts';
import { PAGE, type ReportPdf } from './pdf.ts';

/**
 * Draws the sentence for `model.outcomes.statement` (values in the user's unit, led by
 * 'Doses and sugar:'); nothing when no dose was scheduled in the period.
 */
export function drawOutcomes(pdf: ReportPdf, model: ReportModel): void {
  const { statement } = model.outcomes;
  if (statement.kind === 'no_doses') return;
  const { tr } = pdf;
  const sentence =
    statement.kind === 'too_few'
      ? tr('report.outcomes.too_few', {
          missed: statement.missed_days,
          taken: statement.taken_days,
          needed: statement.needed,
        })
      : tr('report.outcomes.compare', {
          missed: statement.missed_days,
          taken: statement.taken_days,
          what: statement.dose
            ? tr('report.outcomes.missed_dose', { name: statement.dose.name, time: statement.dose.scheduled_time })
            : tr('report.outcomes.missed_any'),
          metric: statement.metric,
          missedValue: formatGlucose(statement.missed_value, model.glucose.unit),
          takenValue: formatGlucose(statement.taken_value, model.glucose.unit),
        });
  pdf.room(30);
  pdf.write(`${tr('report.outcomes.heading')} ${sentence}`, { x: PAGE.margin });
}
