/** The food list: every food, in one array (decision 088). */
import type { FoodDefinition } from './define.ts';
import { BREAKFASTS } from './breakfasts.ts';
import { DISHES } from './dishes.ts';
import { MEAT_AND_SIDES } from './meat-and-sides.ts';
import { SNACKS } from './snacks.ts';
import { STAPLES } from './staples.ts';

export const FOODS: readonly FoodDefinition[] = [...STAPLES, ...BREAKFASTS, ...DISHES, ...MEAT_AND_SIDES, ...SNACKS];
export { recipeCarbs, recipeSource, toFood, type FoodDefinition } from './define.ts';
