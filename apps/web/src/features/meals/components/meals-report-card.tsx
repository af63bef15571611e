/**
 * Reports' 'Meals and sugar' card (GET /api/reports/meals, decision 097): over 14, 30 or 90
 * days, the median rise by meal type, the foods that raise the person most, and the server's
 * sentence (an association in their own data, not a cause and not advice; or that there are too
 * few meals yet, and then no figures). Rises in the person's unit. Loaded after the page's text.
 */
import {
  MEALS_REPORT_MIN_RESPONSES,
  MEALS_REPORT_PERIODS,
  type MealsReportPeriod,
} from '@diacare/contract/meal-constants';
import type { MealsReport } from '@diacare/contract/meals';
import { useQuery } from '@tanstack/react-query';
import { Utensils } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { SegmentedChoice } from '../../../components/ui/segmented-choice';
import { useT } from '../../../lib/i18n/language-provider';
import { isUnreachable } from '../../../lib/offline/offline-states';
import { useGlucoseUnit } from '../../../lib/use-glucose-unit';
import { getMealsReportQueryOptions } from '../api/meals';
import { formatRise } from '../utils/meal-rules';
import { MEAL_TYPE_IDS } from './meal-form-parts';

function PeriodSwitch({ value, onChange }: { value: MealsReportPeriod; onChange: (days: MealsReportPeriod) => void }) {
  const t = useT();
  return (
    <SegmentedChoice
      options={MEALS_REPORT_PERIODS}
      value={value}
      onChange={onChange}
      label={t('meals.report.period')}
      optionLabel={(days) => t('meals.report.days', { days })}
      className="mb-3 grid grid-cols-3"
    />
  );
}

/** Where the report comes from: one's own /api/reports/meals, or a patient's for a member. */
export type MealsReportQuery = (days: MealsReportPeriod) => {
  queryKey: readonly unknown[];
  queryFn: () => Promise<MealsReport>;
  retry?: boolean;
};

const ownReport: MealsReportQuery = (days) => {
  const { queryKey, queryFn } = getMealsReportQueryOptions(days);
  return { queryKey, queryFn: queryFn as () => Promise<MealsReport> };
};

/** The card; `reportQuery` reads a patient's report on a member's Reports (one's own by default). */
export default function MealsReportCard({ reportQuery = ownReport }: { reportQuery?: MealsReportQuery }) {
  const t = useT();
  const unit = useGlucoseUnit();
  const [days, setDays] = useState<MealsReportPeriod>(30);
  const report = useQuery(reportQuery(days));
  useEffect(() => {
    if (report.error) console.error('Could not load the meals report', report.error);
  }, [report.error]);
  const data = report.data;
  return (
    <section aria-labelledby="meals-report-heading" className="mb-6" data-testid="meals-report">
      <Card>
        <div className="mb-3 flex items-center gap-2">
          <Utensils className="h-5 w-5 text-amber-700" aria-hidden />
          <h2 id="meals-report-heading" className="text-lg font-bold">
            {t('meals.report.title')}
          </h2>
        </div>
        <PeriodSwitch value={days} onChange={setDays} />
        {isUnreachable(report) ? (
          <p className="text-sm text-slate-600">{t('meals.report.offline')}</p>
        ) : report.isPending ? (
          <p className="text-sm text-slate-500">{t('common.loading')}</p>
        ) : !data ? (
          <p className="text-sm text-red-700">{t('meals.report.failed')}</p>
        ) : (
          <div aria-live="polite" className="space-y-4">
            <p className="text-sm font-medium" data-testid="meals-report-sentence">
              {data.sentence}
            </p>
            <p className="text-xs text-slate-600">
              {t('meals.report.counts', { meals: data.meals, withResponse: data.with_response })}
            </p>
            {data.with_response >= MEALS_REPORT_MIN_RESPONSES ? (
              <table className="w-full text-sm">
                <caption className="mb-1 text-left text-sm font-semibold">{t('meals.report.byType')}</caption>
                <thead className="sr-only">
                  <tr>
                    <th scope="col">{t('meals.report.mealType')}</th>
                    <th scope="col">{t('meals.report.meals')}</th>
                    <th scope="col">{t('meals.report.medianRise')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.by_meal_type.map((row) => (
                    <tr key={row.meal_type} className="border-t border-slate-100">
                      <th scope="row" className="py-1.5 text-left font-medium">
                        {t(MEAL_TYPE_IDS[row.meal_type])}
                      </th>
                      <td className="py-1.5 text-slate-600">{t('meals.report.mealCount', { count: row.meals })}</td>
                      <td className="py-1.5 text-right font-semibold">
                        {row.median_rise === null ? '—' : formatRise(row.median_rise, unit)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {data.with_response >= MEALS_REPORT_MIN_RESPONSES && data.foods.length ? (
              <div>
                <h3 className="mb-1 text-sm font-semibold">{t('meals.report.foods')}</h3>
                <ol className="space-y-1 text-sm">
                  {data.foods.slice(0, 5).map((food) => (
                    <li
                      key={`${food.food_id ?? ''}:${food.name}`}
                      className="flex justify-between gap-2 border-t border-slate-100 pt-1"
                    >
                      <span className="min-w-0 wrap-break-word">
                        {food.name}{' '}
                        <span className="text-slate-600">· {t('meals.report.mealCount', { count: food.meals })}</span>
                      </span>
                      <span className="shrink-0 font-semibold">{formatRise(food.median_rise, unit)}</span>
                    </li>
                  ))}
                </ol>
              </div>
            ) : null}
            <p className="text-xs text-slate-600">{t('meals.report.note')}</p>
          </div>
        )}
      </Card>
    </section>
  );
}
