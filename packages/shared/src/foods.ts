/** Diet tags a food can carry; meal preferences other than omnivore select on them. */
export const dietTags = [
  'vegan',
  'vegetarian',
  'pescatarian',
  'keto',
  'paleo',
  'mediterranean',
  'gluten_free',
  'dairy_free',
] as const;
export type DietTag = (typeof dietTags)[number];

export const mealTypes = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
export type MealType = (typeof mealTypes)[number];

export const foodCategories = [
  'grains',
  'bread_and_pasta',
  'legumes',
  'vegetables',
  'fruits',
  'nuts_and_seeds',
  'dairy',
  'eggs',
  'meat',
  'poultry',
  'fish_and_seafood',
  'plant_protein',
  'oils_and_fats',
  'snacks',
  'beverages',
  'condiments',
] as const;
export type FoodCategory = (typeof foodCategories)[number];
