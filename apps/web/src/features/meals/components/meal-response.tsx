/**
 * A meal's response (GET /api/meals/{id}/response): the reading before, the highest after and
 * the rise, in the person's unit, with where they come from; with a reading before but none
 * 1–3 h after, that reading and what is missing; or, when the readings cannot tell, that there is
 * no reading to compare and how to get one. Nothing is made up (decision 097).
 */
import { localTime } from '@diacare/contract/dates';
import { formatGlucose, type GlucoseUnit } from '@diacare/contract/glucose-units';
import type { MealResponse } from '@diacare/contract/meals';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n/language-provider';
import { isUnreachable } from '../../../lib/offline/offline-states';
import { getMealResponseQueryOptions } from '../api/meals';
import { formatRise } from '../utils/meal-rules';

const SOURCE_IDS = {
  sensor: 'meals.response.sensor',
  fingerstick: 'meals.response.fingerstick',
} as const;

function Figures({ response, unit, zone }: { response: MealResponse; unit: GlucoseUnit; zone: string }) {
  const t = useT();
  const point = (value: MealResponse['before']) =>
    value
      ? t('meals.response.at', { value: formatGlucose(value.value, unit), time: localTime(new Date(value.at), zone) })
      : '—';
  return (
    <>
      <dl className="grid grid-cols-fit-figures gap-x-3 gap-y-2" data-testid="meal-response">
        <div>
          <dt className="text-xs font-medium text-slate-600">{t('meals.response.before')}</dt>
          <dd className="font-semibold">{point(response.before)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-600">{t('meals.response.peak')}</dt>
          <dd className="font-semibold">{point(response.peak)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-600">{t('meals.response.rise')}</dt>
          <dd className="font-bold">
            {response.rise === null ? '—' : formatRise(response.rise, unit)}
            {response.minutes_to_peak !== null ? (
              <span className="block text-xs font-normal text-slate-600">
                {t('meals.response.minutes', { minutes: response.minutes_to_peak })}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
      {response.source !== 'none' ? (
        <p className="mt-2 text-xs text-slate-600">{t(SOURCE_IDS[response.source])}</p>
      ) : null}
    </>
  );
}

/** The response of the meal `id`; `pending`: the meal is not on the server yet, so nothing is asked. */
export function MealResponseView({
  id,
  pending,
  unit,
  zone,
}: {
  id: string;
  pending: boolean;
  unit: GlucoseUnit;
  zone: string;
}) {
  const t = useT();
  const response = useQuery({ ...getMealResponseQueryOptions(id), enabled: !pending });
  if (pending) return <p className="text-sm text-slate-600">{t('meals.response.waiting')}</p>;
  if (isUnreachable(response)) return <p className="text-sm text-slate-600">{t('meals.response.offline')}</p>;
  if (response.isPending) return <p className="text-sm text-slate-500">{t('common.loading')}</p>;
  if (response.isError) return <p className="text-sm text-red-700">{t('meals.response.failed')}</p>;
  if (response.data.source === 'none' && response.data.before)
    return (
      <>
        <Figures response={response.data} unit={unit} zone={zone} />
        <p className="mt-2 text-sm text-slate-700" data-testid="meal-response-no-after">
          {t('meals.response.noAfter')}
        </p>
      </>
    );
  if (response.data.source === 'none')
    return (
      <p className="text-sm text-slate-700" data-testid="meal-response-none">
        {t('meals.response.none')}
      </p>
    );
  return <Figures response={response.data} unit={unit} zone={zone} />;
}
