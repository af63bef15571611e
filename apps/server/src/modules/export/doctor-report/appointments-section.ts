/** The 'Upcoming appointments' section. */
import type { ReportModel } from '../doctor-report-data.ts';
import { PAGE, type ReportPdf } from './pdf.ts';

/** Draws the upcoming visits (date and time, kind and title with the doctor, place), or 'None booked'. */
export function drawAppointments(pdf: ReportPdf, model: ReportModel): void {
  const { tr, formatDate } = pdf;
  pdf.heading(tr('report.appointments.heading'), 50);
  if (model.appointments.length === 0) {
    pdf.write(tr('report.appointments.none'), { x: PAGE.margin });
    return;
  }
  pdf.table(
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
