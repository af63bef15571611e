/**
 * History's meals (glucose, one's own): the period's meals, newest first, each a button that
 * opens its before, peak and rise (the chart's markers open the same); Edit and Delete (with
 * Undo) per meal, unless read by a care-circle member; its photo, private, when it has one.
 * Loaded after the page's text.
 */
import { formatShortDate } from '@diacare/contract/dates';
import type { GlucoseUnit } from '@diacare/contract/glucose-units';
import type { Meal } from '@diacare/contract/meals';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, Pencil, Trash2 } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PendingMark } from '../../../components/ui/pending-mark';
import { toast } from '../../../components/ui/toast';
import { useLocale, useT } from '../../../lib/i18n/language-provider';
import { lazyPreloaded } from '../../../lib/lazy-preloaded';
import { usePendingMarks } from '../../../lib/offline/use-outbox';
import { cn } from '../../../lib/utils';
import { deleteMeal, mealPhotoPath, useSaveMeal } from '../api/meals';
import { formatItems, mealCarbsText } from '../utils/meal-rules';
import { MEAL_TYPE_IDS } from './meal-form-parts';
import { MealResponseView } from './meal-response';

const MealDialog = lazyPreloaded(() => import('./meal-dialog').then((module) => ({ default: module.MealDialog })));

const iconButton =
  'flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary';

function MealActions({ meal, label, now, zone }: { meal: Meal; label: string; now: Date; zone: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const restore = useSaveMeal(zone);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = async () => {
    try {
      await deleteMeal(queryClient, meal);
      const { id: _id, at: _at, carbs_g: _carbs, has_photo: _photo, ...input } = meal;
      toast({
        title: t('meals.list.deleted'),
        description: label,
        action: { label: t('meals.list.undo'), onClick: () => restore.mutate({ input }) },
      });
    } catch {
      toast({ title: t('meals.form.error'), description: t('meals.list.deleteFailed'), variant: 'destructive' });
    }
  };
  return (
    <>
      <button
        type="button"
        className={iconButton}
        aria-label={t('meals.list.edit', { label })}
        onClick={() => setEditing(true)}
      >
        <Pencil className="h-4 w-4" aria-hidden />
      </button>
      <button
        type="button"
        className={iconButton}
        aria-label={t('meals.list.delete', { label })}
        onClick={() => setConfirming(true)}
      >
        <Trash2 className="h-4 w-4" aria-hidden />
      </button>
      {editing ? (
        <Suspense fallback={null}>
          <MealDialog meal={meal} now={now} zone={zone} onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('meals.list.confirmTitle')}
        description={t(meal.has_photo ? 'meals.list.confirmTextPhoto' : 'meals.list.confirmText', { label })}
        confirmLabel={t('meals.list.confirm')}
        onConfirm={() => void remove()}
      />
    </>
  );
}

export default function HistoryMeals({
  meals,
  openId,
  onOpen,
  unit,
  now,
  zone,
  editable = true,
}: {
  meals: Meal[];
  /** The meal whose response is open (a list tap or a chart marker), or null. */
  openId: string | null;
  onOpen: (id: string | null) => void;
  unit: GlucoseUnit;
  now: Date;
  zone: string;
  /** Whether Edit and Delete show (never for a care-circle member). */
  editable?: boolean;
}) {
  const t = useT();
  const { intlLocale } = useLocale();
  const pending = usePendingMarks();
  const list = useRef<HTMLUListElement>(null);
  // A marker tapped on the chart: bring its meal to the top of the screen, so its before, peak
  // and rise below it are in view too, and give it the focus.
  useEffect(() => {
    if (!openId) return;
    const button = list.current?.querySelector<HTMLButtonElement>(`[data-meal="${CSS.escape(openId)}"]`);
    if (button && document.activeElement !== button) {
      (button.closest('li') ?? button).scrollIntoView({ block: 'start' });
      button.focus({ preventScroll: true });
    }
  }, [openId]);
  return (
    <section aria-labelledby="history-meals-heading" className="mb-6">
      <h2 id="history-meals-heading" className="mb-1 text-lg font-bold">
        {t('meals.list.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('meals.list.hint')}</p>
      {meals.length === 0 ? (
        <Card className="text-sm text-slate-600">{t('meals.list.none')}</Card>
      ) : (
        <ul ref={list} className="space-y-2">
          {meals.map((meal) => {
            const open = meal.id === openId;
            const type = t(MEAL_TYPE_IDS[meal.meal_type]);
            const when = `${formatShortDate(meal.date, intlLocale)}, ${meal.time}`;
            const label = `${type}, ${when}`;
            return (
              <li
                key={meal.id}
                className={cn('scroll-mt-4 rounded-2xl border bg-white', open ? 'border-primary' : 'border-slate-200')}
              >
                <div className="flex flex-wrap items-start gap-1 py-1 pl-1 pr-1">
                  <button
                    type="button"
                    data-meal={meal.id}
                    aria-expanded={open}
                    aria-controls={`meal-${meal.id}-response`}
                    onClick={() => onOpen(open ? null : meal.id)}
                    className="flex min-h-11 min-w-0 flex-[1_1_10rem] items-start gap-2 rounded-xl px-2 py-1.5 text-left hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold">
                        {type} · {when}
                      </span>
                      <span className="block text-sm text-slate-600 wrap-break-word">{formatItems(meal.items)}</span>
                      {meal.carbs_g !== null ? (
                        <span className="block text-xs text-slate-600">{mealCarbsText(meal, t)}</span>
                      ) : null}
                    </span>
                    <ChevronDown
                      className={cn('mt-1 h-5 w-5 shrink-0 text-slate-500', open && 'rotate-180')}
                      aria-hidden
                    />
                  </button>
                  {editable ? (
                    <div className="ml-auto flex shrink-0">
                      <MealActions meal={meal} label={label} now={now} zone={zone} />
                    </div>
                  ) : null}
                </div>
                {pending.has(meal.id) ? <PendingMark className="mb-2 ml-3" /> : null}
                <div id={`meal-${meal.id}-response`} hidden={!open} className="border-t border-slate-100 px-3 py-3">
                  {open ? (
                    <>
                      <MealResponseView id={meal.id} pending={pending.has(meal.id)} unit={unit} zone={zone} />
                      {meal.note ? <p className="mt-2 text-sm text-slate-700 wrap-break-word">{meal.note}</p> : null}
                      {meal.has_photo ? (
                        <img
                          src={mealPhotoPath(meal.id)}
                          alt={t('meals.photo.alt', { meal: label })}
                          loading="lazy"
                          className="mt-3 max-h-56 w-full rounded-xl object-cover"
                        />
                      ) : null}
                    </>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
