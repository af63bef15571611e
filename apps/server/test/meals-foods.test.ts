/**
 * The food list's data and search (decision 088): at least 150 foods with unique ids, a Hindi
 * name in Devanagari, a source naming USDA FoodData Central, a plausible carbohydrate figure;
 * search in English, Hindi (Devanagari) and everyday Latin spellings, with typos.
 */
import { describe, expect, it } from 'vitest';
import { FOODS, recipeCarbs, recipeSource, toFood } from '../src/modules/meals/foods/index.ts';
import { INGREDIENTS } from '../src/modules/meals/foods/ingredients.ts';
import { foodSearch } from '../src/modules/meals/foods/search.ts';

const first = (query: string) => foodSearch().search(query, 5)[0]?.id;
const top = (query: string, n = 5) =>
  foodSearch()
    .search(query, n)
    .map((food) => food.id);

describe('the food list', () => {
  it('holds at least 150 foods with unique ids, Hindi names, sources and plausible carbohydrate', () => {
    expect(FOODS.length).toBeGreaterThanOrEqual(150);
    expect(new Set(FOODS.map((food) => food.id)).size).toBe(FOODS.length);
    for (const definition of FOODS) {
      const food = toFood(definition, 'en');
      expect(food.id, food.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(food.names.hi, food.id).toMatch(/[\u0900-\u097f]/);
      expect(food.source, food.id).toContain('USDA FoodData Central');
      expect(food.carbs_g, food.id).toBeGreaterThanOrEqual(0);
      expect(food.carbs_g, food.id).toBeLessThanOrEqual(150);
      expect(food.portion.grams, food.id).toBeGreaterThan(0);
      // A portion cannot hold more carbohydrate than it weighs.
      expect(food.carbs_g, food.id).toBeLessThanOrEqual(food.portion.grams);
    }
  });

  it('works each figure out from its recipe and names every ingredient it used', () => {
    const roti = FOODS.find((food) => food.id === 'roti')!;
    expect(recipeCarbs(roti.recipe)).toBe(18);
    expect(recipeSource(roti.recipe)).toBe(
      'Estimate from a recipe per portion: 25 g whole-wheat flour (atta) [Wheat flour, whole-grain: 72 g/100 g]. Figures: USDA FoodData Central, SR Legacy (public domain).',
    );
    expect(recipeSource(FOODS.find((food) => food.id === 'black-coffee')!.recipe)).toBe(
      'Brewed coffee or tea without milk or sugar: under 1 g carbohydrate per cup, counted as 0 g. Figures: USDA FoodData Central, SR Legacy (public domain).',
    );
    for (const ingredient of Object.values(INGREDIENTS)) {
      expect(ingredient.carbs).toBeGreaterThanOrEqual(0);
      expect(ingredient.carbs).toBeLessThanOrEqual(100);
    }
  });

  it('covers staples across India', () => {
    const ids = new Set(FOODS.map((food) => food.id));
    for (const id of ['roti', 'paratha', 'rice', 'dal', 'sambar', 'idli', 'dosa', 'upma', 'poha', 'rajma', 'chole']) {
      expect(ids.has(id), id).toBe(true);
    }
    for (const id of ['khichdi', 'chicken-biryani', 'curd', 'chai', 'banana', 'gulab-jamun', 'samosa', 'macher-jhol']) {
      expect(ids.has(id), id).toBe(true);
    }
  });
});

describe('food search', () => {
  it('English, with typos', () => {
    expect(first('rice')).toBe('rice');
    expect(first('chapati')).toBe('roti');
    expect(first('samosaa')).toBe('samosa');
    expect(first('jalebee')).toBe('jalebi');
    expect(top('biriyani').every((id) => id.endsWith('biryani'))).toBe(true);
    expect(first('masala dosa')).toBe('masala-dosa');
    expect(first('bannana')).toBe('banana');
  });

  it('Hindi in Devanagari, nukta and matra slips forgiven', () => {
    expect(first('रोटी')).toBe('roti');
    expect(first('रोटि')).toBe('roti');
    expect(first('चावल')).toBe('rice');
    expect(first('इडलि')).toBe('idli');
    expect(first('खिचडी')).toBe('khichdi');
    expect(first('दही')).toBe('curd');
    expect(first('छोले')).toBe('chole');
  });

  it('everyday Latin spellings (Hinglish, South Indian names), with typos', () => {
    expect(first('chawal')).toBe('rice');
    expect(first('chapatti')).toBe('roti');
    expect(first('dosai')).toBe('dosa');
    expect(first('idly')).toBe('idli');
    expect(first('daal')).toBe('dal');
    expect(first('sambhar')).toBe('sambar');
    expect(first('kichdi')).toBe('khichdi');
    expect(first('golgappa')).toBe('pani-puri');
    expect(first('thayir sadam')).toBe('curd-rice');
    expect(first('chaas')).toBe('buttermilk');
  });

  it('ranks the food named (or misspelt into its name) first, and typo matches of other foods not at all', () => {
    expect(first('rotti')).toBe('roti');
    expect(top('chana')).not.toContain('chai');
    expect(top('chana')[0]).toMatch(/chana/);
    expect(top('chicken')).not.toContain('chole');
    expect(top('sambhar')).not.toContain('sugar');
    // A typo that matches nothing as typed still finds its food.
    expect(first('idlli')).toBe('idli');
  });

  it('a query with nothing to match finds nothing', () => {
    expect(top('xqzv')).toEqual([]);
    expect(top('   ')).toEqual([]);
  });
});
