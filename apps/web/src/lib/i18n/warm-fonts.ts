/**
 * Font warm-up before a language switch: laying out a little hidden text in the other language
 * (when its catalogs are prefetched) makes the browser's font look-ups, about half of the first
 * switch's layout, happen beforehand.
 * Decision 035.
 */
import { layOutHidden } from '../fonts/lay-out-hidden';

/** The (style, weight, size, family) combinations already warmed, per language. */
const warmed = new Set<string>();

/**
 * Lays out `sample` with `lang={language}` once in each font (style, weight, size, family) that
 * the page's texts use now and were not warmed for `language` yet, in a hidden box that is
 * removed before the browser paints (no visible or audible trace). Forces one synchronous
 * style and layout update; costs only a walk over the page when nothing new is on screen.
 * @param language a BCP 47 tag ('hi')
 * @param sample text in that language's script, with Latin letters and digits (both appear in
 *   its screens: numbers, units)
 */
export function warmFonts(language: string, sample: string): void {
  if (typeof document === 'undefined' || !document.body) return;
  const fonts = new Set<string>();
  for (const element of document.body.querySelectorAll('*')) {
    if (!hasOwnText(element)) continue;
    const style = getComputedStyle(element);
    const font = [style.fontStyle, style.fontWeight, style.fontSize, style.fontFamily].join('|');
    if (!warmed.has(`${language}|${font}`)) fonts.add(font);
  }
  layOutHidden(
    [...fonts].map((font) => {
      warmed.add(`${language}|${font}`);
      const [fontStyle = '', fontWeight = '', fontSize = '', fontFamily = ''] = font.split('|');
      return { text: sample, style: { fontStyle, fontWeight, fontSize, fontFamily } };
    }),
    language,
  );
}

/** Whether `element` holds a text node of its own with something other than white space. */
function hasOwnText(element: Element): boolean {
  for (const node of element.childNodes) {
    if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) return true;
  }
  return false;
}
