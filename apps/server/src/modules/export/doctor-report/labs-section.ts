/** The 'Lab results' section (decision 045): latest HbA1c and the one before, the estimate beside them, lipids, kidney. */
import { hba1cNgspToIfcc } from '@diacare/contract/lab-rules';
import type { MessageId } from '../../../i18n/index.ts';
import type { ReportModel } from '../doctor-report-data.ts';
import type { LabLine } from './labs-data.ts';
import { PAGE, type ReportPdf } from './pdf.ts';

/** A result with its unit: HbA1c in % and mmol/mol, creatinine with its eGFR. */
function resultText(pdf: ReportPdf, line: LabLine): string {
  if (line.test === 'hba1c') return `${line.value.toFixed(1)}% (${hba1cNgspToIfcc(line.value)} mmol/mol)`;
  const value = `${line.value} ${line.unit}`;
  if (line.test !== 'creatinine') return value;
  // Symbols and units only, the same in every language.
  const egfr = line.egfr === null ? pdf.tr('report.labs.egfr_missing') : `eGFR ${line.egfr} mL/min/1.73 m²`;
  return `${value} · ${egfr}`;
}

const testLabel = (pdf: ReportPdf, line: LabLine) =>
  pdf.tr(`report.labs.test.${line.test}${line.previous ? '_previous' : ''}` as MessageId);

const LIPIDS = ['total_cholesterol', 'ldl_cholesterol', 'hdl_cholesterol', 'triglycerides'] as const;

/** Test, result and date of each line; a full lipid panel of one date as one row, as labs print it (TC / LDL / HDL / TG). */
function labRows(pdf: ReportPdf, lines: readonly LabLine[]): string[][] {
  const lipids = lines.filter((line) => (LIPIDS as readonly string[]).includes(line.test));
  const panel = lipids.length === LIPIDS.length && lipids.every((line) => line.date === lipids[0]!.date);
  return lines.flatMap((line) => {
    if (!panel || !lipids.includes(line))
      return [[testLabel(pdf, line), resultText(pdf, line), pdf.formatDate(line.date)]];
    if (line !== lipids[0]) return [];
    const values = `${lipids.map((lipid) => lipid.value).join(' / ')} ${line.unit}`;
    return [[pdf.tr('report.labs.lipids'), values, pdf.formatDate(line.date)]];
  });
}

/**
 * Draws one row per result (test, result, date), the period's estimated A1c after the HbA1c
 * rows, labelled as an estimate, or 'No lab results recorded.'; then the sources.
 */
export function drawLabs(pdf: ReportPdf, model: ReportModel): void {
  const { tr, formatDate } = pdf;
  pdf.heading(tr('report.labs.heading'), 70);
  if (model.labs.length === 0) {
    pdf.write(tr('report.labs.none'), { x: PAGE.margin });
  } else {
    const rows = labRows(pdf, model.labs);
    const { estimatedA1c } = model.glucose;
    if (estimatedA1c !== null) {
      const period = `${formatDate(model.period.start)} – ${formatDate(model.period.end)}`;
      const afterHba1c = model.labs.filter((line) => line.test === 'hba1c').length;
      rows.splice(afterHba1c, 0, [tr('report.labs.estimate'), `${estimatedA1c.toFixed(1)}%`, period]);
    }
    pdf.table(
      [
        { label: tr('report.labs.test'), width: 0.42 },
        { label: tr('report.labs.result'), width: 0.34 },
        { label: tr('report.labs.date'), width: 0.24 },
      ],
      rows,
    );
  }
  pdf.source(tr('report.labs.source'));
}
