/**
 * The profile form's options, without zod: the web app's screens import these at
 * first render and load the schemas (users.ts) only to validate.
 */
/** Sex options of the profile form. */
export const SEX_OPTIONS = ['male', 'female', 'other'] as const;
/** Age in whole years the profile accepts, inclusive. */
export const AGE_RANGE = { min: 1, max: 120 } as const;

/**
 * India's 28 states, then its 8 union territories (as listed by the Government of India), each
 * alphabetical: everyone in India can finish setup (the earlier list had the states and Delhi only).
 */
export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;

/** Diabetes types a person can record; docs/product.md shows 'Type 2' as the default. */
export const DIABETES_TYPES = ['Type 1', 'Type 2', 'Gestational', 'Prediabetes', 'Other'] as const;
export const DEFAULT_DIABETES_TYPE = 'Type 2';
export const DEFAULT_COUNTRY = 'India';
