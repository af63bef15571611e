/**
 * Home's list of the meals logged today (decision 097): in the order eaten, each with its meal
 * type and time, its items in short, its carbohydrate as an estimate ('≈ 40 g') and its rise
 * once the readings tell it (GET /api/meals/{id}/response; nothing while unknown). A meal still
 * in the outbox shows 'Waiting to sync' and asks for no rise. History holds the rest: every
 * item, the before and peak, Edit and Delete (the card links there). Loaded with the 'meals'
 * texts once Home knows there are meals today.
 */
import type { GlucoseUnit } from '@diacare/contract/glucose-units';
import type { Meal } from '@diacare/contract/meals';
import { useQuery } from '@tanstack/react-query';
import { PendingMark } from '../../../components/ui/pending-mark';
import { useT } from '../../../lib/i18n/language-provider';
import { usePendingMarks } from '../../../lib/offline/use-outbox';
import { useGlucoseUnit } from '../../../lib/use-glucose-unit';
import { getMealResponseQueryOptions } from '../api/meals';
import { formatRise, inTimeOrder, itemsInShort, mealCarbsText } from '../utils/meal-rules';
import { MEAL_TYPE_IDS } from './meal-form-parts';

/** The meal's rise in the person's unit, once its readings tell it; nothing before. */
function Rise({ id, pending, unit }: { id: string; pending: boolean; unit: GlucoseUnit }) {
  const t = useT();
  const response = useQuery({ ...getMealResponseQueryOptions(id), enabled: !pending });
  const rise = response.data?.rise ?? null;
  if (pending || rise === null) return null;
  return (
    <p className="shrink-0 text-right" data-testid="home-meal-rise">
      <span className="block text-xs font-medium text-slate-600">{t('meals.response.rise')}</span>
      <span className="font-bold whitespace-nowrap">{formatRise(rise, unit)}</span>
    </p>
  );
}

function MealRow({ meal, pending, unit }: { meal: Meal; pending: boolean; unit: GlucoseUnit }) {
  const t = useT();
  const items = itemsInShort(meal.items);
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-1 rounded-xl border border-slate-200 px-3 py-2">
      <div className="min-w-0 flex-[1_1_10rem]">
        <p className="font-semibold">
          {t(MEAL_TYPE_IDS[meal.meal_type])} · {meal.time}
        </p>
        <p className="text-sm text-slate-700 wrap-break-word">
          {items.text}
          {items.more ? ` ${t('meals.home.more', { count: items.more })}` : null}
        </p>
        {meal.carbs_g !== null ? <p className="text-xs text-slate-600">{mealCarbsText(meal, t)}</p> : null}
        {pending ? <PendingMark className="mt-1" /> : null}
      </div>
      <Rise id={meal.id} pending={pending} unit={unit} />
    </li>
  );
}

/**
 * The list; `meals` are today's (any order), `labelledBy` the id of the text naming them.
 */
export default function TodaysMeals({ meals, labelledBy }: { meals: readonly Meal[]; labelledBy: string }) {
  const unit = useGlucoseUnit();
  const pending = usePendingMarks();
  return (
    <ul className="mt-3 space-y-2" aria-labelledby={labelledBy} data-testid="todays-meals">
      {inTimeOrder(meals).map((meal) => (
        <MealRow key={meal.id} meal={meal} pending={pending.has(meal.id)} unit={unit} />
      ))}
    </ul>
  );
}
