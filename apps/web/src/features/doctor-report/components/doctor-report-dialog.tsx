/**
 * Reports' 'Doctor report' dialog: a period (14, 30 or 90 days, 30 by default) and Download, which
 * saves GET /api/reports/doctor under the server's file name. Loaded when first opened.
 * Decision 019.
 */
import { DEFAULT_REPORT_PERIOD, REPORT_PERIODS, type ReportPeriod } from '@diacare/contract/doctor-report';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { downloadDoctorReport } from '../api/doctor-report';
import { useT } from '../../../lib/i18n/language-provider';

type State =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'done'; fileName: string } | { kind: 'error'; message: string };

export function DoctorReportDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [days, setDays] = useState<ReportPeriod>(DEFAULT_REPORT_PERIOD);
  const [state, setState] = useState<State>({ kind: 'idle' });

  const download = async () => {
    setState({ kind: 'loading' });
    try {
      const { fileName } = await downloadDoctorReport(days);
      setState({ kind: 'done', fileName });
    } catch (error) {
      setState({
        kind: 'error',
        message: error instanceof Error ? error.message : t('your-data.report.requestFailed'),
      });
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('your-data.report.title')}
      description={t('your-data.report.description')}
    >
      <fieldset className="mb-5" disabled={state.kind === 'loading'}>
        <legend className="mb-2 text-sm font-semibold text-slate-700">{t('your-data.report.period')}</legend>
        <div className="grid grid-cols-3 gap-2">
          {REPORT_PERIODS.map((period) => (
            <label
              key={period}
              className="flex h-11 cursor-pointer items-center justify-center rounded-xl border border-slate-300 text-sm font-semibold has-[:checked]:border-primary has-[:checked]:bg-teal-50 has-[:checked]:text-teal-900 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary"
            >
              <input
                type="radio"
                name="report-period"
                value={period}
                checked={days === period}
                onChange={() => {
                  setDays(period);
                  setState({ kind: 'idle' });
                }}
                className="sr-only"
              />
              {t('your-data.report.days', { days: period })}
            </label>
          ))}
        </div>
      </fieldset>
      <Button className="w-full" onClick={download} disabled={state.kind === 'loading'}>
        {t(state.kind === 'loading' ? 'your-data.report.preparing' : 'your-data.report.download')}
      </Button>
      <div className="mt-3 min-h-5 text-sm" aria-live="polite">
        {state.kind === 'done' ? (
          <p className="text-green-700">{t('your-data.report.saved', { fileName: state.fileName })}</p>
        ) : null}
        {state.kind === 'error' ? (
          <p role="alert" className="text-red-700">
            {t('your-data.report.failed', { message: state.message })}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
