/**
 * How a food of the list is written down: its names, household portion and recipe (ingredient
 * grams in one portion, raw or cooked as the ingredient says), and how its carbohydrate and
 * source are worked out from the recipe (decision 088).
 */
import type { Food } from '@diacare/contract/meals';
import type { FoodPortionUnit } from '@diacare/contract/meal-constants';
import { INGREDIENTS, type IngredientKey } from './ingredients.ts';

export type Recipe = Partial<Record<IngredientKey, number>>;

export interface FoodDefinition {
  id: string;
  en: string;
  hi: string;
  unit: FoodPortionUnit;
  /** the portion as eaten, g */
  grams: number;
  recipe: Recipe;
  /** Other names and spellings people search with, space-separated (Latin and Devanagari). */
  aliases: string;
}

/** A food of the list: `food('roti', 'Roti (chapati)', 'रोटी', 'piece', 35, { atta: 25 }, 'chapati phulka')`. */
export const food = (
  id: string,
  en: string,
  hi: string,
  unit: FoodPortionUnit,
  grams: number,
  recipe: Recipe,
  aliases = '',
): FoodDefinition => ({ id, en, hi, unit, grams, recipe, aliases });

/** The recipe's carbohydrate, g: the sum of ingredient grams × carbohydrate per 100 g, to a whole gram. */
export function recipeCarbs(recipe: Recipe): number {
  let total = 0;
  for (const [key, grams] of Object.entries(recipe) as [IngredientKey, number][]) {
    total += (grams * INGREDIENTS[key].carbs) / 100;
  }
  return Math.round(total);
}

/**
 * The recipe as its source: '25 g whole-wheat flour (atta) [Wheat flour, whole-grain: 72 g/100 g]; …';
 * a recipe with no ingredient (black coffee or tea) says it is counted as 0 g.
 */
export function recipeSource(recipe: Recipe): string {
  const parts = (Object.entries(recipe) as [IngredientKey, number][]).map(([key, grams]) => {
    const ingredient = INGREDIENTS[key];
    const name = 'as' in ingredient ? ingredient.as : ingredient.fdc.toLowerCase();
    return `${grams} g ${name} [${ingredient.fdc}: ${ingredient.carbs} g/100 g]`;
  });
  // Brewed coffee or tea without milk or sugar: no ingredient with carbohydrate worth counting.
  if (parts.length === 0)
    return 'Brewed coffee or tea without milk or sugar: under 1 g carbohydrate per cup, counted as 0 g. Figures: USDA FoodData Central, SR Legacy (public domain).';
  return `Estimate from a recipe per portion: ${parts.join('; ')}. Figures: USDA FoodData Central, SR Legacy (public domain).`;
}

/** The food as GET /api/foods answers it, named in `language`. */
export function toFood(definition: FoodDefinition, language: 'en' | 'hi'): Food {
  return {
    id: definition.id,
    name: language === 'hi' ? definition.hi : definition.en,
    names: { en: definition.en, hi: definition.hi },
    portion: { unit: definition.unit, grams: definition.grams },
    carbs_g: recipeCarbs(definition.recipe),
    source: recipeSource(definition.recipe),
  };
}
