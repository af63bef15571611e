/**
 * The classes of what a screen's page paints before any script has run and React's first commit
 * then paints again in the same place (decision 107): the frame and title row of Page and
 * PageHeader (page.tsx), the language choice (lib/i18n/language-choice.tsx) and the landing page's
 * top (app/routes/landing.tsx). The components and the page's shell (app/first-paint.ts) both read
 * them here, so the two lay out alike and React's repaint is no larger text than the shell's.
 */

/** Page and PageHeader. */
export const PAGE_CLASSES = {
  main: 'mx-auto min-h-dvh w-full max-w-md px-[min(1rem,5vw)] pt-4',
  mainWithNav: 'pb-24',
  mainWithoutNav: 'pb-8',
  header: 'mb-5 flex flex-wrap items-center gap-2',
  back: 'flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200',
  backIcon: 'h-6 w-6',
  /** Beside the arrow while its longest word fits there, else on a line of its own (decision 034). */
  titleBox: 'min-w-0 flex-[1_1_min-content]',
  title: 'text-title font-bold wrap-break-word',
  subtitle: 'text-sm text-slate-500',
} as const;

/** The 'Language' / 'भाषा' buttons. */
export const LANGUAGE_CHOICE_CLASSES = {
  group: 'flex flex-wrap items-center gap-2',
  label: 'text-sm font-medium text-slate-600',
  buttons: 'flex rounded-xl border border-slate-300 bg-white p-0.5',
  button: 'min-h-9 rounded-lg px-3 text-sm font-semibold',
  chosen: 'bg-primary text-white',
  other: 'text-slate-700 hover:bg-slate-100',
} as const;

/** The landing page's frame and its top: the language choice, the logo, the name and the tagline. */
export const LANDING_CLASSES = {
  main: '@container mx-auto flex min-h-dvh w-full max-w-md flex-col bg-teal-50 px-5 pb-10 pt-4',
  languageChoice: 'mb-6 justify-end',
  top: 'mb-8 text-center',
  logo: 'mx-auto mb-4 flex h-16 w-16 items-center justify-center rounded-2xl bg-primary text-white shadow-lg',
  logoIcon: 'h-9 w-9',
  name: 'text-3xl font-extrabold leading-snug tracking-tight text-slate-900',
  tagline: 'mt-2 text-lg text-slate-600',
} as const;
