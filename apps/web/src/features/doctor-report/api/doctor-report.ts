/** The doctor report's endpoint: GET /api/reports/doctor?days=N answers a PDF. */
import { downloadFile } from '../../../lib/api-client';

/**
 * Fetches the PDF for the last `days` days and saves it under the server's file name
 * (else 'diacare-report.pdf'). Fails like every API call (ApiError with the server's detail).
 * @returns the saved file's name
 */
export const downloadDoctorReport = (days: number): Promise<{ fileName: string }> =>
  downloadFile('/api/reports/doctor', { days }, 'diacare-report.pdf');
