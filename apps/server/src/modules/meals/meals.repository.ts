/**
 * SQL for meals and their photos, always scoped to the owner; lists newest first, leading with
 * (user_id, date), the columns the table's index leads with (decision 088).
 */
import type { Meal, MealsQuery } from '@diacare/contract/meals';
import type { MealType } from '@diacare/contract/meal-constants';
import { zonedInstant } from '@diacare/contract/dates';
import { and, desc, eq, gte, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mealPhotos, meals, type StoredMealItem } from '../../db/schema.ts';
import type { Language } from '../../i18n/index.ts';
import { foodSearch } from './foods/search.ts';

export type MealRow = typeof meals.$inferSelect;

/** A meal as stored: its items with their carbohydrate worked out. */
export interface NewMeal {
  date: string;
  time: string;
  meal_type: MealType;
  items: StoredMealItem[];
  carbs_g: number | null;
  note: string;
}

/**
 * Items as a reader sees them: one with a food_id named as the food list names it in
 * `language` (decision 099), a free-text one as typed.
 */
export function itemsIn<T extends { food_id: string | null; name: string }>(
  items: readonly T[],
  language: Language,
): T[] {
  return items.map((item) => {
    const food = item.food_id ? foodSearch().byId(item.food_id) : undefined;
    return food ? { ...item, name: language === 'hi' ? food.hi : food.en } : item;
  });
}

/** The meal as the API answers it; `zone` gives its instant, `language` its foods' names. */
export function toMeal(row: MealRow, hasPhoto: boolean, zone: string, language: Language): Meal {
  return {
    id: row.id,
    date: row.date,
    time: row.time,
    meal_type: row.meal_type as MealType,
    items: itemsIn(row.items, language),
    carbs_g: row.carbs_g,
    note: row.note,
    has_photo: hasPhoto,
    at: zonedInstant(row.date, row.time, zone).toISOString(),
  };
}

const owned = (userId: string, id: string) => and(eq(meals.id, id), eq(meals.user_id, userId));

export function createMealsRepository(db: Database) {
  /** The row of `id` with whether it has a photo, scoped to `userId`; null when not theirs. */
  const find = async (userId: string, id: string) => {
    const [row] = await db
      .select({ meal: meals, photo: mealPhotos.meal_id })
      .from(meals)
      .leftJoin(mealPhotos, eq(mealPhotos.meal_id, meals.id))
      .where(owned(userId, id));
    return row ? { row: row.meal, hasPhoto: row.photo !== null } : null;
  };

  return {
    find,

    /** The owner of meal `id` (any user's), for a care-circle member's read; null when none. */
    async ownerOf(id: string): Promise<string | null> {
      const [row] = await db.select({ user_id: meals.user_id }).from(meals).where(eq(meals.id, id));
      return row?.user_id ?? null;
    },

    /** The user's meals dated within the range, newest first, each with whether it has a photo. */
    async list(userId: string, query: Partial<MealsQuery>): Promise<{ row: MealRow; hasPhoto: boolean }[]> {
      const conditions = [eq(meals.user_id, userId)];
      if (query.start_date) conditions.push(gte(meals.date, query.start_date));
      if (query.end_date) conditions.push(lte(meals.date, query.end_date));
      const rows = await db
        .select({ meal: meals, photo: mealPhotos.meal_id })
        .from(meals)
        .leftJoin(mealPhotos, eq(mealPhotos.meal_id, meals.id))
        .where(and(...conditions))
        .orderBy(desc(meals.date), desc(meals.time), desc(meals.created_at))
        .limit(query.limit ?? 1000);
      return rows.map((row) => ({ row: row.meal, hasPhoto: row.photo !== null }));
    },

    async create(userId: string, values: NewMeal, now: Date): Promise<MealRow> {
      const [row] = await db
        .insert(meals)
        .values({ user_id: userId, ...values, created_at: now })
        .returning();
      return row!;
    },

    /** Replaces the user's meal `id`; null when the user has no such meal. The photo stays. */
    async update(userId: string, id: string, values: NewMeal) {
      const [row] = await db.update(meals).set(values).where(owned(userId, id)).returning();
      return row ? find(userId, row.id) : null;
    },

    /** Deletes the user's meal `id` (its photo with it) and returns it; null when none. */
    async remove(userId: string, id: string) {
      const found = await find(userId, id);
      if (!found) return null;
      await db.delete(meals).where(owned(userId, id));
      return found;
    },

    /** Stores `bytes` as the photo of the user's meal `mealId`, replacing any. */
    async putPhoto(userId: string, mealId: string, bytes: Buffer, contentType: string): Promise<void> {
      await db
        .insert(mealPhotos)
        .values({ meal_id: mealId, user_id: userId, bytes, content_type: contentType })
        .onConflictDoUpdate({ target: mealPhotos.meal_id, set: { bytes, content_type: contentType } });
    },

    /** The photo of the user's meal `mealId`; null when none. */
    async photo(userId: string, mealId: string): Promise<{ bytes: Buffer; content_type: string } | null> {
      const [row] = await db
        .select({ bytes: mealPhotos.bytes, content_type: mealPhotos.content_type })
        .from(mealPhotos)
        .where(and(eq(mealPhotos.meal_id, mealId), eq(mealPhotos.user_id, userId)));
      return row ?? null;
    },

    /** Removes the photo of the user's meal `mealId`; false when there was none. */
    async removePhoto(userId: string, mealId: string): Promise<boolean> {
      const rows = await db
        .delete(mealPhotos)
        .where(and(eq(mealPhotos.meal_id, mealId), eq(mealPhotos.user_id, userId)))
        .returning({ id: mealPhotos.meal_id });
      return rows.length > 0;
    },
  };
}
