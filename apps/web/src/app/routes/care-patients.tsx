/**
 * /care/patients: the start screen of someone who follows more than one person, a doctor's
 * (decision 086). Needing attention first, each reason in words, then the longest unreviewed;
 * sort and filter; each row opens the person; 'Mark reviewed'; more people a page at a time;
 * the clinic code for patients to share (decision 087).
 */
import type {
  CarePatientWithSummary,
  NeedsAttentionReason,
  PatientListSort,
} from '@diacare/contract/care-patient-list';
import { formatShortDateTime } from '@diacare/contract/dates';
import { useInfiniteQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, ChevronRight } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Page, PageHeader } from '../../components/layout/page';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/toast';
import { useUserZone } from '../../lib/auth/auth-provider';
import { isCaregiverOnly } from '../../lib/auth/require-auth';
import type { MessageId } from '../../lib/i18n/i18n';
import { useLocale } from '../../lib/i18n/language-provider';
import { setFlag } from '../../lib/local-flags';
import { Link } from '../../lib/navigation';
import { patientListQuery, SUMMARY_DAYS, useMarkReviewed } from '../../features/care/api/patient-list';
import { ClinicCode } from '../../features/care/components/clinic-code';

const REASONS: Record<NeedsAttentionReason, MessageId> = {
  below_54: 'care.patients.reason.below_54',
  below_70: 'care.patients.reason.below_70',
  low_time_in_range: 'care.patients.reason.low_time_in_range',
  low_adherence: 'care.patients.reason.low_adherence',
  no_recent_reading: 'care.patients.reason.no_recent_reading',
};
const SORTS: Record<PatientListSort, MessageId> = {
  attention: 'care.patients.sort.attention',
  name: 'care.patients.sort.name',
  last_reviewed: 'care.patients.sort.last_reviewed',
};

/**
 * Where a row leads: the person's glucose profile when they share glucose, else their Reports as
 * a member sees them.
 */
const patientPage = (patient: CarePatientWithSummary) =>
  patient.scopes.includes('glucose')
    ? `/care/patients/${patient.patient_id}/reports/glucose-profile`
    : `/care/patients/${patient.patient_id}/reports`;

function PatientRow({ patient }: { patient: CarePatientWithSummary }) {
  const { t, intlLocale } = useLocale();
  const zone = useUserZone();
  const review = useMarkReviewed();
  const summary = patient.summary!;
  const titleId = `patient-${patient.patient_id}`;
  const number = new Intl.NumberFormat(intlLocale, { maximumFractionDigits: 1 });
  const when = (iso: string) => formatShortDateTime(new Date(iso), zone, intlLocale);
  const figures = [
    summary.readings !== null && t('care.patients.readings', { count: summary.readings }),
    summary.in_range !== null && t('care.patients.inRange', { value: number.format(summary.in_range) }),
    summary.below_70 !== null && t('care.patients.below70', { value: number.format(summary.below_70) }),
    summary.below_54 !== null && t('care.patients.below54', { value: number.format(summary.below_54) }),
    summary.gmi !== null
      ? t('care.patients.gmi', { value: number.format(summary.gmi) })
      : Boolean(summary.readings) && t('care.patients.gmiNone'),
    summary.cv !== null && t('care.patients.cv', { value: number.format(summary.cv) }),
    summary.adherence_percent !== null &&
      t('care.patients.adherence', { value: number.format(summary.adherence_percent) }),
  ].filter((figure): figure is string => Boolean(figure));
  const attention = summary.needs_attention.length > 0;
  // Nothing shared to judge by (no glucose scope, no medicine records): not an all-clear.
  const nothingToAssess = summary.readings === null && summary.adherence_percent === null;
  const markReviewed = async () => {
    try {
      await review.mutateAsync(patient.patient_id);
      toast({ title: t('care.patients.reviewedToast', { name: patient.name }) });
    } catch (error) {
      toast({ title: t('common.error'), description: (error as Error).message, variant: 'destructive' });
    }
  };
  return (
    <Card className={attention ? 'border-s-4 border-s-red-600' : undefined}>
      <h2 id={titleId} className="text-base font-bold wrap-break-word">
        <Link to={patientPage(patient)} className="flex min-h-11 items-center justify-between gap-2">
          <span className="min-w-0">{patient.name}</span>
          <ChevronRight className="h-5 w-5 shrink-0" aria-hidden />
        </Link>
      </h2>
      {attention ? (
        <div className="mt-1">
          <p className="flex items-center gap-1 text-sm font-semibold text-red-700">
            <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden />
            {t('care.patients.needsAttention')}
          </p>
          <ul className="mt-1 flex flex-wrap gap-1" aria-label={t('care.patients.reasons', { name: patient.name })}>
            {summary.needs_attention.map((reason) => (
              <li key={reason} className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800">
                {t(REASONS[reason])}
              </li>
            ))}
          </ul>
        </div>
      ) : nothingToAssess ? (
        <p className="mt-1 text-sm text-slate-600">{t('care.patients.nothingToAssess')}</p>
      ) : (
        <p className="mt-1 flex items-center gap-1 text-sm text-green-800">
          <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden />
          {t('care.patients.nothingToFlag')}
        </p>
      )}
      {figures.length ? <p className="mt-2 text-sm">{figures.join(' · ')}</p> : null}
      {summary.readings === null ? (
        <p className="mt-2 text-sm text-slate-600">{t('care.patients.glucoseNotShared')}</p>
      ) : null}
      <p className="mt-1 text-xs text-slate-600">
        {summary.last_reading_at ? t('care.patients.lastReading', { date: when(summary.last_reading_at) }) : null}
        {summary.last_reading_at ? ' · ' : null}
        {summary.last_reviewed_at
          ? t('care.patients.lastReviewed', { date: when(summary.last_reviewed_at) })
          : t('care.patients.neverReviewed')}
      </p>
      <Button
        size="sm"
        variant="outline"
        className="mt-2"
        onClick={() => void markReviewed()}
        disabled={review.isPending}
        aria-describedby={titleId}
      >
        {t('care.patients.markReviewed')}
      </Button>
    </Card>
  );
}

export function Component() {
  const { t } = useLocale();
  const [sort, setSort] = useState<PatientListSort>('attention');
  const [onlyAttention, setOnlyAttention] = useState(false);
  const list = useInfiniteQuery(patientListQuery(sort, onlyAttention));
  const sortId = useId();
  const patients = list.data?.pages.flat() ?? [];
  // Someone shares with them now (a clinic code taken while signed in): their pages open without
  // a patient profile, as after joining (decision 076).
  const followsSomeone = patients.length > 0;
  useEffect(() => {
    if (followsSomeone) setFlag('careMember', true);
  }, [followsSomeone]);

  return (
    <Page withNav>
      <PageHeader title={t('care.patients.title')} subtitle={t('care.patients.subtitle', { days: SUMMARY_DAYS })} />
      <div className="mb-3 grid gap-2">
        <div className="min-w-0">
          <label htmlFor={sortId} className="mb-1 block text-sm font-medium">
            {t('care.patients.sortLabel')}
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => setSort(event.target.value as PatientListSort)}
            className="min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-sm"
          >
            {(Object.keys(SORTS) as PatientListSort[]).map((option) => (
              <option key={option} value={option}>
                {t(SORTS[option])}
              </option>
            ))}
          </select>
        </div>
        <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={onlyAttention}
            onChange={(event) => setOnlyAttention(event.target.checked)}
            className="h-5 w-5 accent-primary"
          />
          {t('care.patients.onlyAttention')}
        </label>
      </div>

      <section aria-label={t('care.patients.listLabel')} aria-busy={list.isPending}>
        {list.isPending ? (
          <p role="status">{t('common.loading')}</p>
        ) : list.isError && !patients.length ? (
          <Card role="alert">
            <p className="font-semibold">{t('care.patients.loadFailed')}</p>
            <p className="text-sm text-slate-700">{list.error.message}</p>
            <Button variant="outline" className="mt-2" onClick={() => void list.refetch()}>
              {t('care.patients.retry')}
            </Button>
          </Card>
        ) : patients.length ? (
          <>
            <ul className="space-y-3">
              {patients.map((patient) => (
                <li key={patient.patient_id}>
                  <PatientRow patient={patient} />
                </li>
              ))}
            </ul>
            {list.hasNextPage ? (
              <Button
                variant="outline"
                className="mt-3 w-full"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? t('common.loading') : t('care.patients.more')}
              </Button>
            ) : null}
          </>
        ) : (
          <Card>
            <p className="text-sm text-slate-700">
              {onlyAttention ? t('care.patients.noneNeedAttention') : t('care.patients.empty')}
            </p>
          </Card>
        )}
      </section>

      <ClinicCode />
      {isCaregiverOnly() ? (
        <Link to="/profile-setup" className={`${buttonClasses('outline')} mt-4 w-full`}>
          {t('care.patients.startTracking')}
        </Link>
      ) : null}
    </Page>
  );
}
