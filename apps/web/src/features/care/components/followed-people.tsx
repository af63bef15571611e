/**
 * The caregiver Home's list of the people one follows (decision 076): per person their latest
 * shared glucose, blood pressure and weight, read as the member's view of them reads them (same
 * queries, same cache), and a link to their page. Loads its texts itself (Home loads it lazily).
 */
import type { CarePatient, CareScope } from '@diacare/contract/care';
import { formatShortDate } from '@diacare/contract/dates';
import { formatGlucose } from '@diacare/contract/glucose-units';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { loadCatalogs } from '../../../lib/i18n/i18n';
import { useLocale } from '../../../lib/i18n/language-provider';
import { Link } from '../../../lib/navigation';
import { useGlucoseUnit } from '../../../lib/use-glucose-unit';
import { getPatientQueryOptions } from '../api/care';

/** One person's card: name, latest figures (or why none), the way to their page. */
function PersonCard({ patient }: { patient: CarePatient }) {
  const { t, intlLocale } = useLocale();
  const unit = useGlucoseUnit();
  const has = (scope: CareScope) => patient.scopes.includes(scope);
  const id = patient.patient_id;
  const glucose = useQuery(getPatientQueryOptions(id, 'glucose', { limit: 1 }, has('glucose')));
  const bp = useQuery(getPatientQueryOptions(id, 'bp', { limit: 1 }, has('bp')));
  const metrics = useQuery(getPatientQueryOptions(id, 'metrics', { limit: 1 }, has('weight')));
  const number = new Intl.NumberFormat(intlLocale);
  const when = (date: string, time?: string) =>
    time ? `${formatShortDate(date, intlLocale)}, ${time}` : formatShortDate(date, intlLocale);
  const rows = [
    {
      label: t('care.patient.glucose'),
      shared: has('glucose'),
      value: glucose.data?.[0] && formatGlucose(glucose.data[0].value, unit),
      when: glucose.data?.[0] && when(glucose.data[0].date, glucose.data[0].time),
    },
    {
      label: t('care.patient.bp'),
      shared: has('bp'),
      value: bp.data?.[0] && `${bp.data[0].systolic}/${bp.data[0].diastolic} mmHg`,
      when: bp.data?.[0] && when(bp.data[0].date, bp.data[0].time),
    },
    {
      label: t('care.patient.weight'),
      shared: has('weight'),
      value: metrics.data?.[0] && `${number.format(metrics.data[0].weight)} kg`,
      when: metrics.data?.[0] && when(metrics.data[0].date),
    },
  ];
  const titleId = `followed-${id}`;
  return (
    <Card>
      <h3 id={titleId} className="text-base font-bold wrap-break-word">
        {patient.name}
      </h3>
      <dl className="mt-1 divide-y divide-slate-100" aria-labelledby={titleId}>
        {rows.map((row) => (
          <div key={row.label} className="flex flex-wrap items-baseline justify-between gap-x-2 py-2">
            <dt className="text-sm font-medium">{row.label}</dt>
            <dd className="text-end text-sm">
              {!row.shared ? (
                <span className="text-slate-600">{t('care.patient.notShared')}</span>
              ) : row.value ? (
                <>
                  <span className="font-semibold">{row.value}</span>
                  <span className="block text-xs text-slate-600">{row.when}</span>
                </>
              ) : (
                <span className="text-slate-600">{t('care.patient.none')}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <Link
        to={`/care/patients/${id}`}
        className="mt-2 flex min-h-11 items-center justify-between gap-2 rounded-xl px-1 text-sm font-semibold text-primary-dark hover:bg-slate-50"
      >
        <span className="min-w-0 wrap-break-word">{t('care.followed.open', { name: patient.name })}</span>
        <ChevronRight className="h-4 w-4 shrink-0" aria-hidden />
      </Link>
    </Card>
  );
}

/** `patients`: the people the signed-in user follows (GET /api/care/patients); empty says so. */
export function FollowedPeople({ patients }: { patients: readonly CarePatient[] }) {
  const { t } = useLocale();
  const [textsLoaded, setTextsLoaded] = useState(false);
  useEffect(() => {
    loadCatalogs(['care']).then(
      () => setTextsLoaded(true),
      () => undefined,
    );
  }, []);
  if (!textsLoaded) return null;
  return (
    <section aria-labelledby="followed-title" className="mb-4">
      <h2 id="followed-title" className="mb-2 text-lg font-bold">
        {t('care.followed.title')}
      </h2>
      {patients.length ? (
        <ul className="space-y-3">
          {patients.map((patient) => (
            <li key={patient.patient_id}>
              <PersonCard patient={patient} />
            </li>
          ))}
        </ul>
      ) : (
        <Card>
          <p className="text-sm text-slate-600">{t('care.followed.nobody')}</p>
        </Card>
      )}
    </section>
  );
}
