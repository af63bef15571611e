/**
 * The first screen's fonts looked up while its code downloads, one text style per task, so the
 * screen's own layout finds them ready (decision 070).
 */
import { layOutHidden } from './lay-out-hidden';

/**
 * The text styles (utility classes) on the screens a person opens first: the landing page, Home,
 * Medications and its form, Reports and a History, Booking, Chat, FAQ, Profile; most used first.
 * Latin text only: Devanagari has a face of its own, which English screens never load (decision
 * 067). A style missing here is looked up in the screen's own layout instead:
 * e2e/first-screen-fonts.spec.ts names any such style.
 */
export const FIRST_SCREEN_TEXT_STYLES: readonly string[] = [
  'text-sm font-semibold',
  'text-base',
  'text-sm',
  'text-2xl font-bold',
  'text-sm font-medium',
  'text-xs font-medium',
  'text-xs',
  'text-base font-semibold',
  'text-lg font-bold',
  'text-xs font-semibold',
  'text-base font-bold',
  'text-sm font-bold',
  'text-xl font-bold',
  'text-xl font-semibold',
  'text-[11px]',
  'text-3xl font-extrabold',
  'text-lg',
];

/**
 * Lays out a line of Latin letters and digits in each of FIRST_SCREEN_TEXT_STYLES, one per task
 * (timers), so that no task waits on more than one style's font look-up (on desktop Linux a round
 * trip to the browser process for each size and weight). Returns at once.
 */
export function warmFirstScreenFonts(): void {
  const next = (index: number) => {
    const className = FIRST_SCREEN_TEXT_STYLES[index];
    if (className === undefined) return;
    layOutHidden([{ className, text: 'Aa 0123456789' }]);
    setTimeout(() => next(index + 1), 0);
  };
  setTimeout(() => next(0), 0);
}
