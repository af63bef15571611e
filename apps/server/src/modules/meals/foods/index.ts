/** The food list: every food, in one array (decision 088). */
import type { FoodDefinition } from './define.ts';
import { DISHES } from './dishes.ts';
import { SNACKS } from './snacks.ts';
import { STAPLES } from './staples.ts';

export const FOODS: readonly FoodDefinition[] = [...STAPLES, ...DISHES, ...SNACKS];
export { recipeCarbs, recipeSource, toFood, type FoodDefinition } from './define.ts';
