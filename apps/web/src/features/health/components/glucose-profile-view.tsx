/**
 * The glucose profile page's body (decision 084), the same for one's own data and a member's
 * view of a patient (the source decides where the data come from): the 7 / 14 / 30 / 90-day
 * switch, whether the data are enough to judge by (said, never hiding the figures), the band
 * chart with its table for screen readers, the five ranges with their goals, the figures, the
 * per-meal table and the daily profiles. A meter without a sensor gets no bands.
 */
import { DEFAULT_PROFILE_PERIOD, GLUCOSE_PERIODS, type GlucosePeriod } from '@diacare/contract/reports';
import { formatShortDate } from '@diacare/contract/dates';
import { PROFILE_MIN_DAYS, PROFILE_MIN_WEAR_PERCENT } from '@diacare/contract/glucose-profile';
import { formatGlucoseRange } from '@diacare/contract/glucose-units';
import { GLUCOSE_BANDS } from '@diacare/contract/clinical';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useSearchParams } from 'wouter';
import { Card } from '../../../components/ui/card';
import { useLocale } from '../../../lib/i18n/language-provider';
import { isUnreachable, OfflineFirstTime } from '../../../lib/offline/offline-states';
import { retryableLazy } from '../../../lib/retryable-lazy';
import { useResolvedTheme } from '../../../lib/theme';
import { useGlucoseUnit } from '../../../lib/use-glucose-unit';
import type { HistorySource } from '../api/history-source';
import { RangeSwitch } from './range-switch';
import { ContextTable, DailyProfiles, PercentileTable, ProfileFigures, RangesBar } from './profile-parts';

const ProfileChart = retryableLazy(() => import('./profile-chart'));

/** The period from `?days=`, 14 unless another of 7 / 30 / 90 is asked for. */
function usePeriod(): [GlucosePeriod, (days: GlucosePeriod) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = GLUCOSE_PERIODS.find((period) => period === asked) ?? DEFAULT_PROFILE_PERIOD;
  return [days, (next) => setParams(next === DEFAULT_PROFILE_PERIOD ? {} : { days: String(next) }, { replace: true })];
}

export function GlucoseProfileView({ source }: { source: HistorySource }) {
  const { t, intlLocale } = useLocale();
  const unit = useGlucoseUnit();
  const theme = useResolvedTheme();
  const [days, setDays] = usePeriod();
  const query = useQuery({ ...source.glucoseProfile(days), placeholderData: keepPreviousData });
  useEffect(() => {
    if (query.error) console.error('Could not load the glucose profile', query.error);
  }, [query.error]);
  const profile = query.data;

  let body;
  if (isUnreachable(query)) body = <OfflineFirstTime />;
  else if (!profile && query.isError) {
    body = (
      <p role="alert" className="py-6 text-center text-slate-600">
        {t('health-reports.profile.error')}
      </p>
    );
  } else if (!profile) body = <p className="py-10 text-center text-slate-500">{t('common.loading')}</p>;
  else {
    const sensor = profile.source !== 'fingerstick';
    const reason = profile.insufficient_reason;
    body = (
      <>
        <p className="mb-3 text-sm text-slate-600" data-testid="profile-period">
          {t('health-reports.profile.period', {
            start: formatShortDate(profile.period.start, intlLocale),
            end: formatShortDate(profile.period.end, intlLocale),
            readings: profile.readings,
          })}
        </p>
        <div
          role="status"
          data-testid="profile-sufficiency"
          className={
            profile.sufficient
              ? 'mb-4 rounded-xl border border-green-300 bg-green-50 p-3 text-sm text-green-900'
              : 'mb-4 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950'
          }
        >
          {reason === null
            ? t('health-reports.profile.sufficient', {
                days: profile.days_with_data,
                wear: profile.sensor_active_percent?.toFixed(0) ?? '—',
              })
            : t(`health-reports.profile.insufficient.${reason}`, {
                days: profile.days_with_data,
                needed: PROFILE_MIN_DAYS,
                wear: profile.sensor_active_percent?.toFixed(0) ?? '—',
                neededWear: PROFILE_MIN_WEAR_PERCENT,
              })}
        </div>
        {profile.readings === 0 ? null : (
          <>
            {sensor && profile.percentiles.length > 0 ? (
              <Card className="mb-4">
                <h2 className="mb-1 text-base font-bold">{t('health-reports.profile.chartHeading')}</h2>
                <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden>
                  <li className="flex items-center gap-1.5">
                    <span className="h-3 w-4 rounded-sm bg-teal-600/20" />
                    {t('health-reports.profile.legend.outer')}
                  </li>
                  <li className="flex items-center gap-1.5">
                    <span className="h-3 w-4 rounded-sm bg-teal-600/45" />
                    {t('health-reports.profile.legend.inner')}
                  </li>
                  <li className="flex items-center gap-1.5">
                    <span className="h-0.5 w-4 bg-teal-800" />
                    {t('health-reports.profile.legend.median')}
                  </li>
                  <li className="flex items-center gap-1.5">
                    <span className="h-0 w-4 border-t-2 border-dashed border-green-700" />
                    {t('health-reports.profile.legend.target', {
                      range: formatGlucoseRange(GLUCOSE_BANDS.low, GLUCOSE_BANDS.high, unit),
                    })}
                  </li>
                </ul>
                <Suspense fallback={<div className="h-[240px]" />}>
                  <ProfileChart profile={profile} unit={unit} theme={theme} />
                </Suspense>
                <PercentileTable profile={profile} unit={unit} />
              </Card>
            ) : null}
            {sensor && profile.ranges ? <RangesBar ranges={profile.ranges} unit={unit} /> : null}
            <ProfileFigures profile={profile} unit={unit} />
            {profile.by_context.length > 0 ? <ContextTable profile={profile} unit={unit} /> : null}
            <DailyProfiles profile={profile} unit={unit} />
          </>
        )}
        <p className="mb-4 text-xs text-slate-500">{t('health-reports.profile.sources')}</p>
      </>
    );
  }
  return (
    <>
      <RangeSwitch value={days} onChange={setDays} ranges={GLUCOSE_PERIODS} />
      {body}
    </>
  );
}
