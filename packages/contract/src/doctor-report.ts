/** GET /api/reports/doctor?days=N: the periods a doctor report may cover (no zod, for the dialog). */

/** Days a report may cover, counted back from today inclusive. */
export const REPORT_PERIODS = [14, 30, 90] as const;
/** One of REPORT_PERIODS. */
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
/** The period when none is asked for, and the dialog's first choice. */
export const DEFAULT_REPORT_PERIOD: ReportPeriod = 30;
