/**
 * Reports' 'Health Metrics': one card per kind with the latest value, status, 7-day average, last
 * update, a Log button and a link to its history; weight adds BMI and the change since the previous
 * reading. On a care-circle member's view a kind outside their scopes says 'Not shared with you',
 * never 'No data' (decision 077).
 */
import type { MetricStatus, ReadingAlert } from '@diacare/contract/clinical';
import { formatShortDate } from '@diacare/contract/dates';
import { formatGlucoseValue } from '@diacare/contract/glucose-units';
import type { BloodPressureReading, BodyMetrics, GlucoseReading } from '@diacare/contract/health';
import {
  ChevronRight,
  Droplet,
  HeartPulse,
  Minus,
  Plus,
  Scale,
  TrendingDown,
  TrendingUp,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/navigation';
import { Button } from '../../../components/ui/button';
import { Card, CardIcon } from '../../../components/ui/card';
import { useLocale, useT } from '../../../lib/i18n/language-provider';
import { useGlucoseUnit } from '../../../lib/use-glucose-unit';
import type { ReadingKind } from '../api/health';
import {
  formatSignedKg,
  oneDecimal,
  summariseBloodPressure,
  summariseGlucose,
  summariseWeight,
} from '../utils/readings';
import { AlertBadge, WhatToDoButton } from './reading-alert';
import { StatusBadge } from './status-badge';

function MetricCard({
  kind,
  title,
  icon: Icon,
  iconClass,
  status,
  alert,
  value,
  unit,
  average,
  updated,
  extra,
  onLog,
  historyTo,
  notShared = false,
}: {
  kind: ReadingKind;
  title: string;
  icon: LucideIcon;
  iconClass: string;
  status: MetricStatus | null;
  /** The latest reading's alert: shown in words instead of the status, with 'What to do'. */
  alert?: ReadingAlert | null;
  value: string | null;
  unit: string;
  average: string | null;
  updated: string | null;
  extra?: ReactNode;
  /** Absent on a read-only view (a care-circle member's, decision 048): no Log. */
  onLog?: () => void;
  /** The history screen this card opens; none without it. */
  historyTo?: string | undefined;
  /** True when the patient has not shared this kind with the member reading it. */
  notShared?: boolean;
}) {
  const t = useT();
  const headingId = `metric-${kind}`;
  return (
    <Card role="region" aria-labelledby={headingId} data-testid={`metric-${kind}`} className="@container">
      <div className="flex items-start gap-3">
        <CardIcon icon={Icon} className={iconClass} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="font-semibold">
              {title}
            </h3>
            {alert ? <AlertBadge alert={alert} /> : status ? <StatusBadge status={status} /> : null}
          </div>
          {value && !notShared ? (
            <p className="mt-1 text-2xl font-bold" data-testid="metric-latest">
              {value} <span className="text-sm font-medium text-slate-500">{unit}</span>
            </p>
          ) : null}
          {extra}
          {alert && value ? <WhatToDoButton alert={alert} reading={`${value} ${unit}`} className="mt-2" /> : null}
          {notShared ? null : (
            <p className="mt-1 text-sm text-slate-600">
              {t('health-reports.metrics.average')}{' '}
              <span className="font-semibold text-slate-800">{average ? `${average} ${unit}` : '—'}</span>
            </p>
          )}
        </div>
        {historyTo && !notShared ? (
          <Link
            to={historyTo}
            aria-label={t('health.metrics.historyLink', { title })}
            className="-mr-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100"
          >
            <ChevronRight className="h-5 w-5" aria-hidden />
          </Link>
        ) : null}
      </div>
      <div className="mt-3 flex items-center justify-between gap-3 border-t border-slate-100 pt-3">
        <p className="min-w-0 text-xs text-slate-500">
          {notShared
            ? t('care.patient.notShared')
            : updated
              ? t('health-reports.metrics.lastUpdated', { when: updated })
              : t('health-reports.metrics.noData')}
        </p>
        {onLog ? (
          <Button
            size="sm"
            variant="outline"
            onClick={onLog}
            aria-label={t('health-reports.metrics.logLabel', { title })}
            className="shrink-0"
          >
            <Plus className="h-4 w-4" aria-hidden />
            {t('health.metrics.log')}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

const TREND_ICONS = { up: TrendingUp, down: TrendingDown, flat: Minus } as const;
const TREND_WORDS = {
  up: 'health-reports.metrics.trend.up',
  down: 'health-reports.metrics.trend.down',
  flat: 'health-reports.metrics.trend.flat',
} as const;

export function HealthMetricCards({
  glucose,
  bloodPressure,
  bodyMetrics,
  onLog,
  glucoseAverage,
  historyBase = '/reports/history',
  notShared = [],
}: {
  glucose: readonly GlucoseReading[];
  bloodPressure: readonly BloodPressureReading[];
  bodyMetrics: readonly BodyMetrics[];
  /** The period's average with imported sensor readings (mg/dL), when there are any (decision 052). */
  glucoseAverage?: number | null | undefined;
  /** Absent on a read-only view. */
  onLog?: (kind: ReadingKind) => void;
  /** Where the cards' history screens are: the user's own, or a patient's for a member. */
  historyBase?: string;
  /** Kinds a member was not given: their cards say 'Not shared with you'. */
  notShared?: readonly ReadingKind[];
}) {
  const glucoseUnit = useGlucoseUnit();
  const t = useT();
  const { intlLocale } = useLocale();
  const manual = summariseGlucose(glucose);
  const g = glucoseAverage == null ? manual : { ...manual, mean: glucoseAverage };
  const bp = summariseBloodPressure(bloodPressure);
  const w = summariseWeight(bodyMetrics);
  const TrendIcon = TREND_ICONS[w.trend];
  return (
    <section aria-labelledby="health-metrics-heading" className="mb-6">
      <h2 id="health-metrics-heading" className="mb-3 text-lg font-bold">
        {t('health-reports.metrics.heading')}
      </h2>
      <div className="space-y-3">
        <MetricCard
          kind="glucose"
          title={t('health.metrics.glucose')}
          icon={Droplet}
          iconClass="bg-teal-100 text-teal-700"
          status={g.status}
          alert={g.alert}
          value={g.latest ? formatGlucoseValue(g.latest.value, glucoseUnit) : null}
          unit={glucoseUnit}
          average={g.mean === null ? null : formatGlucoseValue(g.mean, glucoseUnit)}
          updated={g.latest ? `${formatShortDate(g.latest.date, intlLocale)}, ${g.latest.time}` : null}
          onLog={onLog && (() => onLog('glucose'))}
          historyTo={`${historyBase}/glucose`}
          notShared={notShared.includes('glucose')}
        />
        <MetricCard
          kind="bp"
          title={t('health-reports.metrics.bp')}
          icon={HeartPulse}
          iconClass="bg-red-100 text-red-700"
          status={bp.status}
          alert={bp.alert}
          value={bp.latest ? `${bp.latest.systolic}/${bp.latest.diastolic}` : null}
          unit="mmHg"
          average={bp.average ? `${bp.average.systolic}/${bp.average.diastolic}` : null}
          updated={bp.latest ? `${formatShortDate(bp.latest.date, intlLocale)}, ${bp.latest.time}` : null}
          extra={
            bp.latest?.pulse ? (
              <p className="text-sm text-slate-600">{t('health-reports.metrics.pulse', { pulse: bp.latest.pulse })}</p>
            ) : undefined
          }
          onLog={onLog && (() => onLog('bp'))}
          historyTo={`${historyBase}/bp`}
          notShared={notShared.includes('bp')}
        />
        <MetricCard
          kind="weight"
          title={t('health-reports.metrics.weight')}
          icon={Scale}
          iconClass="bg-orange-100 text-orange-700"
          status={w.status}
          value={w.latest ? oneDecimal(w.latest.weight) : null}
          unit="kg"
          average={w.average === null ? null : oneDecimal(w.average)}
          updated={w.latest ? formatShortDate(w.latest.date, intlLocale) : null}
          extra={
            w.latest ? (
              <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-600">
                <span data-testid="metric-bmi">
                  {t('health-reports.metrics.bmi', { bmi: oneDecimal(w.latest.bmi) })}
                </span>
                <span className="inline-flex items-center gap-1" data-testid="weight-change">
                  <TrendIcon className="h-4 w-4" aria-hidden />
                  {formatSignedKg(w.change)} kg
                  <span className="sr-only"> ({t(TREND_WORDS[w.trend])})</span>
                </span>
              </p>
            ) : undefined
          }
          onLog={onLog && (() => onLog('weight'))}
          historyTo={`${historyBase}/weight`}
          notShared={notShared.includes('weight')}
        />
      </div>
    </section>
  );
}
