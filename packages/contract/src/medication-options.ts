/**
 * The medication form's options and defaults, without zod: the web app's screens
 * import these at first render and load the schemas (medications.ts) only to validate.
 */
/** Form options. */
export const MEDICATION_FORMS = ['Tablet', 'Capsule', 'Liquid', 'Injection', 'Inhaler', 'Drops'] as const;

/** Colour tags with their names. */
export const COLOR_TAGS = [
  { hex: '#FF6B6B', name: 'Red' },
  { hex: '#4ECDC4', name: 'Teal' },
  { hex: '#FFD93D', name: 'Yellow' },
  { hex: '#95E1D3', name: 'Mint' },
  { hex: '#A8E6CF', name: 'Green' },
  { hex: '#C7CEEA', name: 'Purple' },
  { hex: '#FFA07A', name: 'Orange' },
] as const;

/** 'When to Take'. */
export const WHEN_TO_TAKE = ['Before food', 'After food', 'Along with food'] as const;

/** Frequencies: daily and weekly have reminder times; as-needed has none. */
export const FREQUENCIES = ['daily', 'weekly', 'as-needed'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** ISO weekdays, 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = [
  { iso: 1, short: 'Mon' },
  { iso: 2, short: 'Tue' },
  { iso: 3, short: 'Wed' },
  { iso: 4, short: 'Thu' },
  { iso: 5, short: 'Fri' },
  { iso: 6, short: 'Sat' },
  { iso: 7, short: 'Sun' },
] as const;

/** Defaults: first reminder 09:00, an added one 12:00, 30 pills, threshold 7. */
export const MEDICATION_DEFAULTS = {
  form: 'Tablet',
  color: '#FF6B6B',
  frequency: 'daily',
  firstTime: '09:00',
  addedTime: '12:00',
  pillsRemaining: 30,
  threshold: 7,
} as const;
