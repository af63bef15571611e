/**
 * Logging or correcting a meal (decision 097): meal type (starting by the time of day in the
 * person's zone and following a typed time until chosen), the usual items and a food search, a
 * portion stepper per item, when it was eaten, a note and an optional photo. Three taps for a
 * meal eaten before: open, tap a usual item, Save. Saved through the outbox, offline too; the
 * photo goes once the meal is on the server. Loaded only when opened (with the 'meals' texts).
 */
import { localDate, localTime } from '@diacare/contract/dates';
import { MEAL_LIMITS, type MealType } from '@diacare/contract/meal-constants';
import type { Meal, MealInput } from '@diacare/contract/meals';
import { useQueryClient } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { FieldError, Input, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/language-provider';
import { uploadMealPhoto, useSaveMeal } from '../api/meals';
import { carbsFor, defaultMealType } from '../utils/meal-rules';
import { resizePhoto } from '../utils/photo-resize';
import { FoodPicker, MealTypeChoice, Plate, sameItem, type DraftItem } from './meal-form-parts';

const TIME = /^\d{2}:\d{2}$/;

/** A meal's items as the form holds them: carbohydrate per portion from the item's whole figure. */
const draftOf = (meal: Meal): DraftItem[] =>
  meal.items.map((item) => ({
    food_id: item.food_id,
    name: item.name,
    portions: item.portions,
    perPortion: item.carbs_g === null ? null : item.carbs_g / item.portions,
  }));

/** Where the form stops before sending: no item, no date or time, or a time still to come. */
type FormProblem = 'items' | 'date' | 'time' | 'future' | null;

/**
 * The open meal dialog; the parent mounts it while open, so each opening starts fresh at that
 * moment. With `meal` it corrects that meal (PUT), prefilled.
 */
export function MealDialog({
  now,
  zone,
  onClose,
  meal,
}: {
  now: Date;
  zone: string;
  onClose: () => void;
  meal?: Meal | undefined;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const save = useSaveMeal(zone);
  const today = localDate(now, zone);
  const [date, setDate] = useState(meal?.date ?? today);
  const [time, setTime] = useState(meal?.time ?? localTime(now, zone));
  const [mealType, setMealType] = useState<MealType>(meal?.meal_type ?? defaultMealType(localTime(now, zone)));
  const [typeChosen, setTypeChosen] = useState(Boolean(meal));
  const [items, setItems] = useState<DraftItem[]>(meal ? draftOf(meal) : []);
  const [note, setNote] = useState(meal?.note ?? '');
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [photoProblem, setPhotoProblem] = useState(false);
  const [problem, setProblem] = useState<FormProblem>(null);
  const [busy, setBusy] = useState(false);

  const addItem = (item: DraftItem) =>
    setItems((plate) =>
      plate.some((other) => sameItem(other, item)) || plate.length >= MEAL_LIMITS.items ? plate : [...plate, item],
    );
  const toggleItem = (item: DraftItem) =>
    setItems((plate) =>
      plate.some((other) => sameItem(other, item))
        ? plate.filter((other) => !sameItem(other, item))
        : [...plate, item].slice(0, MEAL_LIMITS.items),
    );

  const choosePhoto = async (file: File | undefined) => {
    setPhotoProblem(false);
    if (!file) return setPhoto(null);
    try {
      setPhoto(await resizePhoto(file));
    } catch (error) {
      console.warn('A meal photo could not be read', error);
      setPhoto(null);
      setPhotoProblem(true);
    }
  };

  const check = (): FormProblem => {
    if (items.length === 0) return 'items';
    if (!date) return 'date';
    if (!TIME.test(time)) return 'time';
    if (date > today || (date === today && time > localTime(new Date(), zone))) return 'future';
    return null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setProblem(found);
    if (found) {
      document
        .getElementById(found === 'items' ? 'meal-search' : found === 'date' ? 'meal-date' : 'meal-time')
        ?.focus();
      return;
    }
    const input: MealInput = {
      date,
      time,
      meal_type: mealType,
      items: items.map((item) => ({
        food_id: item.food_id,
        name: item.name,
        portions: item.portions,
        carbs_g: item.perPortion === null ? null : carbsFor(item.perPortion, item.portions),
      })),
      note: note.trim(),
    };
    setBusy(true);
    try {
      const saved = await save.mutateAsync({ id: meal?.id, input, hasPhoto: meal?.has_photo ?? false });
      toast({ title: t('meals.form.saved'), description: meal ? t('meals.form.updated') : t('meals.form.logged') });
      onClose();
      if (photo) {
        // A photo is too large for the outbox: it goes now, or the person adds it again later.
        uploadMealPhoto(queryClient, saved.id, photo).catch((error: unknown) => {
          console.warn('A meal photo could not be sent', error);
          toast({ title: t('meals.photo.notSent'), description: t('meals.photo.notSentText'), variant: 'destructive' });
        });
      }
    } catch (failure) {
      const refused = failure instanceof ApiError && failure.status === 400;
      toast({
        title: t('meals.form.error'),
        description: refused ? failure.message : t('meals.form.failed'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(meal ? 'meals.form.editTitle' : 'meals.form.title')}
    >
      <form noValidate className="space-y-4" onSubmit={(event) => void submit(event)}>
        <MealTypeChoice
          value={mealType}
          onChange={(type) => {
            setMealType(type);
            setTypeChosen(true);
          }}
        />
        <FoodPicker plate={items} onToggle={toggleItem} onAdd={addItem} />
        <Plate
          items={items}
          onChange={(index, portions) =>
            setItems((plate) => plate.map((item, i) => (i === index ? { ...item, portions } : item)))
          }
          onRemove={(index) => setItems((plate) => plate.filter((_, i) => i !== index))}
        />
        <FieldError id="meal-items-error" message={problem === 'items' ? t('meals.form.needItem') : undefined} />
        <div className="grid grid-cols-fit gap-3">
          <FormField
            id="meal-date"
            label={t('meals.form.date')}
            error={problem === 'date' ? t('meals.form.needDate') : undefined}
          >
            {(field) => (
              <Input
                type="date"
                max={today}
                value={date}
                onChange={(event) => setDate(event.target.value)}
                {...field}
              />
            )}
          </FormField>
          <FormField
            id="meal-time"
            label={t('meals.form.time')}
            error={
              problem === 'time' ? t('meals.form.needTime') : problem === 'future' ? t('meals.form.future') : undefined
            }
          >
            {(field) => (
              <Input
                type="time"
                value={time}
                onChange={(event) => {
                  setTime(event.target.value);
                  if (!typeChosen && TIME.test(event.target.value)) setMealType(defaultMealType(event.target.value));
                }}
                {...field}
              />
            )}
          </FormField>
        </div>
        <FormField id="meal-note" label={t('meals.form.note')} error={undefined}>
          {(field) => (
            <Textarea
              rows={2}
              maxLength={MEAL_LIMITS.note_length}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              {...field}
            />
          )}
        </FormField>
        <div>
          <label
            htmlFor="meal-photo"
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 focus-within:outline focus-within:outline-2 focus-within:outline-primary hover:bg-slate-50"
          >
            <Camera className="h-4 w-4" aria-hidden />
            {photo ? t('meals.photo.chosen') : meal?.has_photo ? t('meals.photo.replace') : t('meals.photo.add')}
          </label>
          <input
            id="meal-photo"
            type="file"
            accept="image/*"
            className="sr-only"
            aria-describedby="meal-photo-hint"
            onChange={(event) => void choosePhoto(event.target.files?.[0])}
          />
          <p id="meal-photo-hint" className="mt-1 text-xs text-slate-600">
            {t('meals.photo.hint')}
          </p>
          <FieldError id="meal-photo-error" message={photoProblem ? t('meals.photo.unreadable') : undefined} />
        </div>
        <div className="button-row gap-3 pt-2">
          <Button variant="outline" onClick={onClose}>
            {t('meals.form.cancel')}
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {t('meals.form.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
