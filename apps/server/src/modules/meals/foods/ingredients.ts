/**
 * The ingredients the food list's recipes are made of, each with its carbohydrate (by
 * difference, g per 100 g, rounded to one decimal) from USDA FoodData Central, SR Legacy
 * (public domain, CC0 1.0; decision 088). `fdc` is the SR Legacy food description as FoodData
 * Central lists it. Where FoodData Central has no entry for an Indian ingredient, `as` names the
 * Indian ingredient and `fdc` the close stand-in whose figure is used (flattened rice is milled
 * rice, jaggery is counted as brown sugar). No figure comes from the Indian Food Composition
 * Tables.
 */
export interface Ingredient {
  /** SR Legacy food description */
  fdc: string;
  /** carbohydrate, by difference, g per 100 g */
  carbs: number;
  /** The ingredient this stands in for, when it is not the FDC food itself. */
  as?: string;
}

export const INGREDIENTS = {
  atta: { fdc: 'Wheat flour, whole-grain', carbs: 72.0, as: 'whole-wheat flour (atta)' },
  maida: { fdc: 'Wheat flour, white, all-purpose, enriched, bleached', carbs: 76.3, as: 'refined flour (maida)' },
  rice_cooked: { fdc: 'Rice, white, long-grain, regular, enriched, cooked', carbs: 28.2, as: 'cooked white rice' },
  rice_raw: { fdc: 'Rice, white, long-grain, regular, raw, enriched', carbs: 80.0, as: 'raw rice or rice flour' },
  rice_flakes: { fdc: 'Rice, white, long-grain, regular, raw, enriched', carbs: 80.0, as: 'flattened rice (poha)' },
  puffed_rice: { fdc: 'Rice, white, long-grain, regular, raw, enriched', carbs: 80.0, as: 'puffed rice (murmura)' },
  brown_rice_cooked: { fdc: 'Rice, brown, long-grain, cooked', carbs: 23.0, as: 'cooked brown rice' },
  lentils_raw: { fdc: 'Lentils, raw', carbs: 63.4, as: 'dry lentils or split dal' },
  urad_raw: { fdc: 'Lentils, raw', carbs: 63.4, as: 'split black gram (urad dal)' },
  lentils_cooked: {
    fdc: 'Lentils, mature seeds, cooked, boiled, without salt',
    carbs: 20.1,
    as: 'cooked dal (toor, masoor, urad)',
  },
  chickpeas_cooked: {
    fdc: 'Chickpeas (garbanzo beans, bengal gram), mature seeds, cooked, boiled, without salt',
    carbs: 27.4,
    as: 'cooked chickpeas or chana dal',
  },
  chickpeas_raw: {
    fdc: 'Chickpeas (garbanzo beans, bengal gram), mature seeds, raw',
    carbs: 63.0,
    as: 'dry or roasted chana',
  },
  kidney_cooked: {
    fdc: 'Beans, kidney, red, mature seeds, cooked, boiled, without salt',
    carbs: 22.8,
    as: 'cooked rajma',
  },
  mung_cooked: { fdc: 'Mung beans, mature seeds, cooked, boiled, without salt', carbs: 19.2, as: 'cooked moong' },
  mung_raw: { fdc: 'Mung beans, mature seeds, raw', carbs: 62.6, as: 'dry moong or moong dal' },
  mung_sprouts: { fdc: 'Mung beans, mature seeds, sprouted, raw', carbs: 5.9, as: 'moong sprouts' },
  split_peas_cooked: {
    fdc: 'Peas, split, mature seeds, cooked, boiled, without salt',
    carbs: 21.1,
    as: 'cooked dried peas',
  },
  besan: { fdc: 'Chickpea flour (besan)', carbs: 57.8, as: 'gram flour (besan, sattu)' },
  semolina: { fdc: 'Semolina, enriched', carbs: 72.8, as: 'semolina (rava, sooji) or vermicelli' },
  oats: { fdc: 'Cereals, oats, regular and quick, not fortified, dry', carbs: 66.3, as: 'rolled oats' },
  bulgur: { fdc: 'Bulgur, dry', carbs: 75.9, as: 'broken wheat (daliya)' },
  cornmeal: { fdc: 'Cornmeal, whole-grain, yellow', carbs: 76.9, as: 'maize flour (makki ka atta)' },
  millet: { fdc: 'Millet, raw', carbs: 72.9, as: 'pearl millet (bajra)' },
  ragi: { fdc: 'Millet, raw', carbs: 72.9, as: 'finger millet (ragi)' },
  sorghum: { fdc: 'Sorghum grain', carbs: 72.1, as: 'sorghum (jowar)' },
  tapioca: { fdc: 'Tapioca, pearl, dry', carbs: 88.7, as: 'sago (sabudana)' },
  cornflakes: { fdc: 'Cereals ready-to-eat, corn flakes, plain', carbs: 84.0, as: 'corn flakes' },
  bread: {
    fdc: 'Bread, white, commercially prepared (includes soft bread crumbs)',
    carbs: 49.4,
    as: 'white bread or pav',
  },
  potato: { fdc: 'Potatoes, boiled, cooked without skin, flesh, without salt', carbs: 20.0, as: 'potato' },
  sweet_potato: { fdc: 'Sweet potato, cooked, boiled, without skin', carbs: 17.7, as: 'sweet potato' },
  onion: { fdc: 'Onions, raw', carbs: 9.3 },
  tomato: { fdc: 'Tomatoes, red, ripe, raw, year round average', carbs: 3.9 },
  cauliflower: { fdc: 'Cauliflower, raw', carbs: 5.0 },
  cabbage: { fdc: 'Cabbage, raw', carbs: 5.8 },
  spinach: { fdc: 'Spinach, raw', carbs: 3.6 },
  mustard_greens: { fdc: 'Mustard greens, raw', carbs: 4.7, as: 'mustard greens (sarson)' },
  okra: { fdc: 'Okra, raw', carbs: 7.5, as: 'okra (bhindi)' },
  eggplant: { fdc: 'Eggplant, raw', carbs: 5.9, as: 'brinjal' },
  peas: { fdc: 'Peas, green, raw', carbs: 14.5, as: 'green peas' },
  carrot: { fdc: 'Carrots, raw', carbs: 9.6 },
  cucumber: { fdc: 'Cucumber, with peel, raw', carbs: 3.6 },
  bottle_gourd: { fdc: 'Gourd, white-flowered (calabash), raw', carbs: 3.4, as: 'bottle gourd (lauki)' },
  bitter_gourd: { fdc: 'Balsam-pear (bitter gourd), pods, raw', carbs: 3.7, as: 'bitter gourd (karela)' },
  beans: { fdc: 'Beans, snap, green, raw', carbs: 7.0, as: 'French beans' },
  capsicum: { fdc: 'Peppers, sweet, green, raw', carbs: 4.6, as: 'capsicum' },
  pumpkin: { fdc: 'Pumpkin, raw', carbs: 6.5 },
  corn: { fdc: 'Corn, sweet, yellow, raw', carbs: 18.7, as: 'sweet corn' },
  tamarind: { fdc: 'Tamarinds, raw', carbs: 62.5, as: 'tamarind' },
  coconut: { fdc: 'Nuts, coconut meat, raw', carbs: 15.2, as: 'fresh coconut' },
  coconut_milk: { fdc: 'Nuts, coconut milk, raw (liquid expressed from grated meat and water)', carbs: 5.5 },
  coconut_water: { fdc: 'Nuts, coconut water (liquid from coconuts)', carbs: 3.7 },
  lemon_juice: { fdc: 'Lemon juice, raw', carbs: 6.9 },
  peanuts: { fdc: 'Peanuts, all types, raw', carbs: 16.1 },
  cashews: { fdc: 'Nuts, cashew nuts, raw', carbs: 30.2 },
  almonds: { fdc: 'Nuts, almonds', carbs: 21.6 },
  milk: { fdc: 'Milk, whole, 3.25% milkfat, with added vitamin D', carbs: 4.8, as: 'whole milk' },
  yogurt: { fdc: 'Yogurt, plain, whole milk', carbs: 4.7, as: 'curd (dahi)' },
  paneer: { fdc: 'Cheese, ricotta, whole milk', carbs: 3.0, as: 'paneer or chhena' },
  cream: { fdc: 'Cream, fluid, heavy whipping', carbs: 2.8 },
  khoya: { fdc: 'Milk, dry, whole, without added vitamin D', carbs: 38.4, as: 'khoya (mawa)' },
  condensed_milk: { fdc: 'Milk, canned, condensed, sweetened', carbs: 54.4 },
  ice_cream: { fdc: 'Ice creams, vanilla', carbs: 23.6 },
  sugar: { fdc: 'Sugars, granulated', carbs: 100.0, as: 'sugar or sugar syrup' },
  jaggery: { fdc: 'Sugars, brown', carbs: 98.1, as: 'jaggery (gur)' },
  honey: { fdc: 'Honey', carbs: 82.4 },
  banana: { fdc: 'Bananas, raw', carbs: 22.8 },
  apple: { fdc: 'Apples, raw, with skin', carbs: 13.8 },
  mango: { fdc: 'Mangos, raw', carbs: 15.0 },
  papaya: { fdc: 'Papayas, raw', carbs: 10.8 },
  guava: { fdc: 'Guavas, common, raw', carbs: 14.3 },
  orange: { fdc: 'Oranges, raw, all commercial varieties', carbs: 11.8 },
  orange_juice: { fdc: 'Orange juice, raw', carbs: 10.4 },
  grapes: { fdc: 'Grapes, red or green (European type, such as Thompson seedless), raw', carbs: 18.1 },
  watermelon: { fdc: 'Watermelon, raw', carbs: 7.6 },
  pomegranate: { fdc: 'Pomegranates, raw', carbs: 18.7 },
  pineapple: { fdc: 'Pineapple, raw, all varieties', carbs: 13.1 },
  sapodilla: { fdc: 'Sapodilla, raw', carbs: 20.0, as: 'chikoo' },
  jackfruit: { fdc: 'Jackfruit, raw', carbs: 23.3 },
  litchi: { fdc: 'Litchis, raw', carbs: 16.5 },
  pear: { fdc: 'Pears, raw', carbs: 15.2 },
  dates: { fdc: 'Dates, deglet noor', carbs: 75.0 },
  raisins: { fdc: 'Raisins, seedless', carbs: 79.2 },
  jamun: { fdc: 'Java-plum, (jambolan), raw', carbs: 15.6, as: 'jamun' },
  custard_apple: { fdc: 'Sugar-apples, (sweetsop), raw', carbs: 23.6, as: 'custard apple (sitaphal)' },
  muskmelon: { fdc: 'Melons, cantaloupe, raw', carbs: 8.2, as: 'muskmelon' },
  popcorn: { fdc: 'Snacks, popcorn, air-popped', carbs: 77.8 },
  egg: { fdc: 'Egg, whole, cooked, hard-boiled', carbs: 1.1, as: 'egg' },
  chicken: { fdc: 'Chicken, broilers or fryers, meat only, raw', carbs: 0, as: 'chicken' },
  mutton: { fdc: 'Lamb, domestic, composite of trimmed retail cuts, separable lean only, raw', carbs: 0, as: 'mutton' },
  fish: { fdc: 'Fish, cod, Atlantic, raw', carbs: 0, as: 'fish' },
  oil: { fdc: 'Oil, soybean, salad or cooking', carbs: 0, as: 'cooking oil' },
  ghee: { fdc: 'Butter oil, anhydrous', carbs: 0, as: 'ghee' },
  butter: { fdc: 'Butter, salted', carbs: 0.1 },
} as const satisfies Record<string, Ingredient>;

export type IngredientKey = keyof typeof INGREDIENTS;
