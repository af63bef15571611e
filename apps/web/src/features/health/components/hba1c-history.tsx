/**
 * History's HbA1c view (/reports/history/hba1c; decision 045): every HbA1c result over time as a
 * chart with the ADA's common goal of 7 % as a guide (Standards of Care 2025, §6), and a list,
 * newest first, in % and mmol/mol; each result can be corrected or deleted (with Undo). A care
 * member reads a patient's from a member `source`, without Add, Edit or Delete (decision 077).
 */
import type { LabResult } from '@diacare/contract/labs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, Pencil, Plus, Trash2 } from 'lucide-react';
import { Suspense, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useLocale, useT } from '../../../lib/i18n/language-provider';
import { Link } from '../../../lib/navigation';
import { useResolvedTheme } from '../../../lib/theme';
import { deleteLabResult, useSaveLabResult } from '../api/labs';
import { OWN_HISTORY, type HistorySource } from '../api/history-source';
import { formatLabDate, formatLabValue, hba1cInIfcc } from '../utils/labs';
import type { ChartData } from '../utils/history';
import { wallClockSeconds } from '../utils/readings';
import { retryableLazy } from '../../../lib/retryable-lazy';

const TrendChart = retryableLazy(() => import('./trend-chart'));
const LabResultDialog = retryableLazy(() =>
  import('./lab-dialog').then((module) => ({ default: module.LabResultDialog })),
);

/** A1C goal for many non-pregnant adults (ADA Standards of Care 2025, §6), drawn as a guide. */
const A1C_GOAL = 7;
const iconButton =
  'flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary';

export function Hba1cHistory({ now, zone, source = OWN_HISTORY }: { now: Date; zone: string; source?: HistorySource }) {
  const t = useT();
  const { intlLocale } = useLocale();
  const theme = useResolvedTheme();
  const queryClient = useQueryClient();
  const save = useSaveLabResult();
  const results = useQuery(source.hba1c());
  const [editing, setEditing] = useState<LabResult | 'new' | null>(null);
  const [deleting, setDeleting] = useState<LabResult | null>(null);
  const list = results.data ?? [];
  const chart = useMemo<ChartData | null>(() => {
    const oldestFirst = [...(results.data ?? [])].reverse();
    if (oldestFirst.length === 0) return null;
    return {
      unit: '%',
      x: oldestFirst.map((r) => wallClockSeconds(r.date)),
      series: [{ label: 'HbA1c', colour: '#7c3aed', values: oldestFirst.map((r) => r.value) }],
      guides: [A1C_GOAL],
      minPad: 0.5,
    };
  }, [results.data]);
  const label = (result: LabResult) => `${formatLabValue(result)}, ${formatLabDate(result.date, intlLocale)}`;

  const remove = async (result: LabResult) => {
    try {
      const { id: _id, loinc: _loinc, egfr: _egfr, ...values } = await deleteLabResult(queryClient, result);
      toast({
        title: t('health-reports.actions.deleted'),
        description: label(result),
        action: {
          label: t('health-reports.actions.undo'),
          onClick: () => void save.mutateAsync({ input: values }),
        },
      });
    } catch {
      toast({
        title: t('health-reports.actions.error'),
        description: t('health-reports.actions.deleteFailed'),
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <header className="mb-5 flex items-center gap-2">
        <Link
          to={source.reportsPath}
          aria-label={t('health-reports.history.back')}
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200"
        >
          <ChevronLeft className="h-6 w-6" aria-hidden />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-bold leading-snug">{t('health-reports.labs.historyTitle')}</h1>
          <p className="text-sm text-slate-500">{t('health-reports.labs.historySubtitle')}</p>
        </div>
      </header>
      {results.isPending ? (
        <p className="py-10 text-center text-slate-500">{t('common.loading')}</p>
      ) : (
        <>
          {chart ? (
            <Card className="mb-4">
              <h2 className="mb-2 font-semibold">{t('health-reports.history.trend')}</h2>
              <Suspense fallback={<div style={{ minHeight: 220 }} />}>
                <TrendChart chart={chart} theme={theme} />
              </Suspense>
              <p className="mt-2 text-xs text-slate-500">
                {source.personName === null
                  ? t('health-reports.labs.goalGuide', { goal: A1C_GOAL })
                  : t('health-reports.labs.goalGuideOf', { goal: A1C_GOAL, name: source.personName })}
              </p>
            </Card>
          ) : null}
          <Card>
            <div className="mb-2 flex items-center justify-between gap-3">
              <h2 className="font-semibold">{t('health-reports.labs.results')}</h2>
              {source.editable ? (
                <Button size="sm" variant="outline" onClick={() => setEditing('new')}>
                  <Plus className="h-4 w-4" aria-hidden />
                  {t('health-reports.labs.add')}
                </Button>
              ) : null}
            </div>
            {list.length === 0 ? (
              <p className="py-4 text-slate-600">{t('health-reports.labs.none')}</p>
            ) : (
              <ul className="divide-y divide-slate-100" data-testid="hba1c-results">
                {list.map((result) => (
                  <li key={result.id} className="flex items-center gap-2 py-2">
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold">
                        {formatLabValue(result)}{' '}
                        <span className="text-sm font-normal text-slate-500">({hba1cInIfcc(result.value)})</span>
                      </p>
                      <p className="text-xs text-slate-500">
                        {formatLabDate(result.date, intlLocale)}
                        {result.notes ? ` · ${result.notes}` : ''}
                      </p>
                    </div>
                    {source.editable ? (
                      <>
                        <button
                          type="button"
                          className={iconButton}
                          aria-label={t('health-reports.actions.edit', { label: label(result) })}
                          onClick={() => setEditing(result)}
                        >
                          <Pencil className="h-4 w-4" aria-hidden />
                        </button>
                        <button
                          type="button"
                          className={iconButton}
                          aria-label={t('health-reports.actions.delete', { label: label(result) })}
                          onClick={() => setDeleting(result)}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden />
                        </button>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
      {editing ? (
        <Suspense fallback={null}>
          <LabResultDialog
            now={now}
            zone={zone}
            result={editing === 'new' ? undefined : editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('health-reports.actions.confirmTitle')}
        description={t('health-reports.actions.confirmText', { label: deleting ? label(deleting) : '' })}
        confirmLabel={t('health-reports.actions.confirm')}
        onConfirm={() => {
          if (deleting) void remove(deleting);
          setDeleting(null);
        }}
      />
    </>
  );
}
