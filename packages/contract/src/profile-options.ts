/**
 * The profile form's options (spec §5), without zod: the web app's screens import these at
 * first render and load the schemas (users.ts) only to validate.
 */
/** Sex options of the profile form (spec §5). */
export const SEX_OPTIONS = ['male', 'female', 'other'] as const;

/** The 28 Indian states plus Delhi (spec §5, Profile creation). */
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
  'Delhi',
] as const;

/** Diabetes types a person can record; the spec shows 'Type 2' as the default (§3, §9). */
export const DIABETES_TYPES = ['Type 1', 'Type 2', 'Gestational', 'Prediabetes', 'Other'] as const;
export const DEFAULT_DIABETES_TYPE = 'Type 2';
export const DEFAULT_COUNTRY = 'India';
