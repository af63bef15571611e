/**
 * The parts of the meal form: the meal-type choice, the food picker (the person's usual items
 * first, then a search of the food list, free text allowed) and the plate with its portion
 * steppers. Carbohydrate is shown only as an estimate ('≈ 15 g'), never as a dose.
 */
import { MEAL_LIMITS, MEAL_TYPES, type FoodPortionUnit, type MealType } from '@diacare/contract/meal-constants';
import { useQuery } from '@tanstack/react-query';
import { Minus, Plus, Search, X } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Input, Label } from '../../../components/ui/input';
import type { MessageId } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/language-provider';
import { SegmentedChoice } from '../../../components/ui/segmented-choice';
import { cn } from '../../../lib/utils';
import { FOOD_RESULTS, getFoodsQueryOptions, getRecentItemsQueryOptions } from '../api/meals';
import { carbsFor, formatCarbs, formatPortions, stepPortion } from '../utils/meal-rules';

export const MEAL_TYPE_IDS: Record<MealType, MessageId> = {
  breakfast: 'meals.type.breakfast',
  lunch: 'meals.type.lunch',
  dinner: 'meals.type.dinner',
  snack: 'meals.type.snack',
};

const UNIT_IDS: Record<FoodPortionUnit, MessageId> = {
  piece: 'meals.unit.piece',
  katori: 'meals.unit.katori',
  plate: 'meals.unit.plate',
  glass: 'meals.unit.glass',
  cup: 'meals.unit.cup',
  tablespoon: 'meals.unit.tablespoon',
  handful: 'meals.unit.handful',
  slice: 'meals.unit.slice',
};

/** One item on the plate while the form is open. */
export interface DraftItem {
  food_id: string | null;
  name: string;
  portions: number;
  /** Carbohydrate of one portion, g; null when unknown (free text). */
  perPortion: number | null;
  unit?: FoodPortionUnit | undefined;
}

/** Same food (by id) or same free text (by name, any case). */
export const sameItem = (a: Pick<DraftItem, 'food_id' | 'name'>, b: Pick<DraftItem, 'food_id' | 'name'>) =>
  a.food_id !== null || b.food_id !== null
    ? a.food_id === b.food_id
    : a.name.trim().toLowerCase() === b.name.trim().toLowerCase();

/** Breakfast, lunch, dinner, snack as a radio group (arrow keys move the choice; one tab stop). */
export function MealTypeChoice({ value, onChange }: { value: MealType; onChange: (type: MealType) => void }) {
  const t = useT();
  return (
    <SegmentedChoice
      options={MEAL_TYPES}
      value={value}
      onChange={onChange}
      label={t('meals.form.type')}
      optionLabel={(type) => t(MEAL_TYPE_IDS[type])}
      className="flex flex-wrap"
      buttonClassName="min-h-11 flex-auto px-2"
    />
  );
}

const chip =
  'inline-flex min-h-11 items-center gap-1 rounded-full border px-3 py-1.5 text-sm font-medium text-left focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary';

/**
 * The person's usual items (tap to put on the plate, tap again to take off), then a search of
 * the food list with the typed text addable as written.
 */
export function FoodPicker({
  plate,
  onToggle,
  onAdd,
}: {
  plate: DraftItem[];
  onToggle: (item: DraftItem) => void;
  onAdd: (item: DraftItem) => void;
}) {
  const t = useT();
  const recent = useQuery(getRecentItemsQueryOptions());
  const [query, setQuery] = useState('');
  const asked = useDeferredValue(query.trim());
  const foods = useQuery(getFoodsQueryOptions(asked));
  const onPlate = (item: Pick<DraftItem, 'food_id' | 'name'>) => plate.some((other) => sameItem(other, item));
  return (
    <div className="space-y-3">
      <section aria-labelledby="meal-usual">
        <h3 id="meal-usual" className="mb-2 text-sm font-semibold text-slate-700">
          {t('meals.form.usual')}
        </h3>
        {recent.isPending && recent.fetchStatus === 'fetching' ? (
          <p className="text-sm text-slate-500">{t('common.loading')}</p>
        ) : recent.data?.length ? (
          <ul className="flex flex-wrap gap-2">
            {recent.data.map((item) => {
              const draft: DraftItem = {
                food_id: item.food_id,
                name: item.name,
                portions: item.portions,
                perPortion: item.carbs_g === null ? null : item.carbs_g / item.portions,
              };
              const pressed = onPlate(draft);
              return (
                <li key={`${item.food_id ?? ''}:${item.name}`}>
                  <button
                    type="button"
                    aria-pressed={pressed}
                    onClick={() => onToggle(draft)}
                    className={cn(
                      chip,
                      pressed ? 'border-primary bg-teal-50 text-teal-900' : 'border-slate-300 bg-white text-slate-800',
                    )}
                  >
                    {pressed ? null : <Plus className="h-4 w-4 shrink-0" aria-hidden />}
                    {item.name}
                    <span className="text-slate-500">× {formatPortions(item.portions)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">
            {recent.data ? t('meals.form.usualNone') : t('meals.form.usualFailed')}
          </p>
        )}
      </section>
      <div>
        <Label htmlFor="meal-search">{t('meals.form.search')}</Label>
        <Input
          id="meal-search"
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={MEAL_LIMITS.query_length}
          placeholder={t('meals.form.searchPlaceholder')}
          icon={<Search className="h-5 w-5" />}
          wrapPlaceholder
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          aria-describedby="meal-search-status"
        />
        <p id="meal-search-status" className="sr-only" aria-live="polite">
          {asked && foods.data ? t('meals.form.found', { count: foods.data.length }) : ''}
        </p>
        {asked ? (
          <ul className="mt-2 space-y-1" aria-label={t('meals.form.results')}>
            {(foods.data ?? []).slice(0, FOOD_RESULTS).map((food) => {
              const draft: DraftItem = {
                food_id: food.id,
                name: food.name,
                portions: 1,
                perPortion: food.carbs_g,
                unit: food.portion.unit,
              };
              const added = onPlate(draft);
              return (
                <li key={food.id}>
                  <button
                    type="button"
                    disabled={added}
                    onClick={() => {
                      onAdd(draft);
                      setQuery('');
                    }}
                    className="flex min-h-11 w-full items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white px-3 py-2 text-left hover:border-primary disabled:bg-slate-100"
                  >
                    <span className="min-w-0">
                      <span className="block font-medium wrap-break-word">{food.name}</span>
                      <span className="block text-xs text-slate-600">
                        {t('meals.form.perPortion', {
                          unit: t(UNIT_IDS[food.portion.unit], { count: 1 }),
                          carbs: formatCarbs(food.carbs_g),
                        })}
                      </span>
                    </span>
                    {added ? (
                      <span className="text-xs text-slate-600">{t('meals.form.added')}</span>
                    ) : (
                      <>
                        <Plus className="h-5 w-5 shrink-0 text-primary" aria-hidden />
                        <span className="sr-only">{t('meals.form.add')}</span>
                      </>
                    )}
                  </button>
                </li>
              );
            })}
            {foods.isFetching && !foods.data ? <li className="text-sm text-slate-500">{t('common.loading')}</li> : null}
            {foods.isError || foods.fetchStatus === 'paused' ? (
              <li className="text-sm text-slate-600">{t('meals.form.searchFailed')}</li>
            ) : null}
            {foods.data?.length === 0 ? <li className="text-sm text-slate-600">{t('meals.form.noMatch')}</li> : null}
            <li>
              <button
                type="button"
                onClick={() => {
                  onAdd({
                    food_id: null,
                    name: asked.slice(0, MEAL_LIMITS.item_name_length),
                    portions: 1,
                    perPortion: null,
                  });
                  setQuery('');
                }}
                className="min-h-11 w-full rounded-xl border border-dashed border-slate-300 px-3 py-2 text-left text-sm font-medium text-slate-700 hover:border-primary"
              >
                {t('meals.form.addAsWritten', { name: asked })}
              </button>
            </li>
          </ul>
        ) : null}
      </div>
    </div>
  );
}

const stepButton =
  'flex h-11 w-11 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:text-slate-300';

/** The plate: each item with its portion stepper, estimate and remove button; the total below. */
export function Plate({
  items,
  onChange,
  onRemove,
}: {
  items: DraftItem[];
  onChange: (index: number, portions: number) => void;
  onRemove: (index: number) => void;
}) {
  const t = useT();
  const known = items.filter((item) => item.perPortion !== null);
  const total = known.reduce((sum, item) => sum + carbsFor(item.perPortion!, item.portions), 0);
  return (
    <section aria-labelledby="meal-plate">
      <h3 id="meal-plate" className="mb-2 text-sm font-semibold text-slate-700">
        {t('meals.form.plate')}
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('meals.form.plateEmpty')}</p>
      ) : (
        <ul className="space-y-2">
          {items.map((item, index) => (
            <li key={`${item.food_id ?? ''}:${item.name}`} className="rounded-xl border border-slate-200 bg-white p-2">
              <div className="pl-1">
                <p className="font-medium wrap-break-word">{item.name}</p>
                <p className="text-xs text-slate-600">
                  {item.perPortion === null
                    ? t('meals.form.carbsUnknown')
                    : t('meals.form.carbsEstimate', { carbs: formatCarbs(carbsFor(item.perPortion, item.portions)) })}
                </p>
              </div>
              <div
                className="mt-1 flex flex-wrap items-center gap-2"
                role="group"
                aria-label={t('meals.form.portionsOf', { name: item.name })}
              >
                <button
                  type="button"
                  className={stepButton}
                  disabled={item.portions <= MEAL_LIMITS.portions[0]}
                  aria-label={t('meals.form.less', { name: item.name })}
                  onClick={() => onChange(index, stepPortion(item.portions, -1))}
                >
                  <Minus className="h-4 w-4" aria-hidden />
                </button>
                <output className="min-w-[4.5rem] text-center text-sm font-semibold" aria-live="polite">
                  {item.unit
                    ? t('meals.form.portionsWithUnit', {
                        portions: formatPortions(item.portions),
                        unit: t(UNIT_IDS[item.unit], { count: item.portions }),
                      })
                    : t('meals.form.portions', { portions: formatPortions(item.portions) })}
                </output>
                <button
                  type="button"
                  className={stepButton}
                  disabled={item.portions >= MEAL_LIMITS.portions[1]}
                  aria-label={t('meals.form.more', { name: item.name })}
                  onClick={() => onChange(index, stepPortion(item.portions, 1))}
                >
                  <Plus className="h-4 w-4" aria-hidden />
                </button>
                <button
                  type="button"
                  className="ml-auto flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100"
                  aria-label={t('meals.form.remove', { name: item.name })}
                  onClick={() => onRemove(index)}
                >
                  <X className="h-5 w-5" aria-hidden />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {known.length ? (
        <p className="mt-2 text-sm font-semibold" data-testid="meal-total">
          {t('meals.form.total', { carbs: formatCarbs(total) })}
          {known.length < items.length
            ? ` ${t('meals.form.withoutEstimate', { count: items.length - known.length })}`
            : null}
        </p>
      ) : null}
      <p className="mt-1 text-xs text-slate-600">{t('meals.form.estimateNote')}</p>
    </section>
  );
}
