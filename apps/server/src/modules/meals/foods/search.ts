/**
 * Food search (decision 088): MiniSearch, as the assistant's knowledge search, over each food's
 * English and Hindi names and the other names and spellings people type ('chawal', 'chapatti',
 * 'dosai'); Devanagari spelling unified as the assistant does (nukta, chandrabindu); prefix and
 * typo-tolerant matching. Ranked: a food whose own name was typed (or misspelt into it) first,
 * then foods matching as typed or by prefix; typo matches of other foods only when nothing
 * matches as typed. Built once, in memory: the list is a few hundred foods.
 */
import MiniSearch from 'minisearch';
import { normaliseSpelling } from '../../assistant/language.ts';
import type { FoodDefinition } from './define.ts';
import { FOODS } from './index.ts';

interface FoodDocument {
  id: string;
  en: string;
  hi: string;
  aliases: string;
}

/** Edits allowed per term: none under 3 characters, one up to 6, then a fifth of the term (two at most). */
const fuzzy = (term: string) => ([...term].length < 3 ? false : [...term].length <= 6 ? 1 : 2);

export interface FoodSearch {
  /** Foods matching `query`, best first, at most `limit`; [] for a query with nothing to match. */
  search(query: string, limit: number): FoodDefinition[];
  byId(id: string): FoodDefinition | undefined;
}

/** The search over `foods` (the whole list by default). */
export function createFoodSearch(foods: readonly FoodDefinition[] = FOODS): FoodSearch {
  const byId = new Map(foods.map((food) => [food.id, food]));
  // A query that is a food's own name (its id, first other name, English or Hindi name without
  // the bracket: 'rice', 'chawal', 'दाल') puts that food before the dishes that merely contain it.
  const ownNames = new Map(
    foods.map((food) => {
      const plain = (name: string) => normaliseSpelling(name.replace(/\s*\(.*\)\s*$/, ''));
      const names = [food.id, food.aliases.split(' ')[0] ?? '', food.en, food.hi].map(plain);
      return [food.id, new Set(names)];
    }),
  );
  const index = new MiniSearch<FoodDocument>({
    fields: ['en', 'hi', 'aliases', 'id'],
    processTerm: (term) => normaliseSpelling(term) || null,
    searchOptions: {
      boost: { en: 3, hi: 3, aliases: 2, id: 1 },
      fuzzy,
      prefix: (term) => term.length >= 2,
      maxFuzzy: 2,
    },
  });
  index.addAll(
    foods.map((food) => ({
      id: food.id,
      en: food.en,
      hi: food.hi,
      aliases: `${food.aliases} ${food.id.replaceAll('-', ' ')}`,
    })),
  );
  return {
    search(query, limit) {
      const asked = normaliseSpelling(query.trim());
      const hits = index.search(query).map((hit, rank) => {
        // Exact or prefix: a matched term starts with what was typed; else only a typo match.
        const exact = hit.terms.some((term) => hit.queryTerms.some((typed) => term.startsWith(typed)));
        const names = ownNames.get(hit.id as string);
        // The food's own name typed, or misspelt into it ('rotti' → roti).
        const own = names?.has(asked) || hit.terms.some((term) => names?.has(term));
        return { id: hit.id as string, rank, tier: own ? 0 : exact ? 1 : 2 };
      });
      // Typo matches of other foods only when nothing matches as typed ('chana' not chai).
      const typedMatched = hits.some((hit) => hit.tier < 2);
      return hits
        .filter((hit) => !typedMatched || hit.tier < 2 || hit.tier === 0)
        .sort((a, b) => a.tier - b.tier || a.rank - b.rank)
        .slice(0, limit)
        .map((hit) => byId.get(hit.id)!);
    },
    byId: (id) => byId.get(id),
  };
}

let shared: FoodSearch | null = null;
/** The one search over the food list, built on first use. */
export function foodSearch(): FoodSearch {
  shared ??= createFoodSearch();
  return shared;
}
