/**
 * Text laid out where no one sees or hears it, so that the browser looks its fonts up now rather
 * than in a screen's own layout (decisions 035, 070).
 */

/** One line of hidden text: its characters and how they are styled. */
export interface HiddenLine {
  text: string;
  /** Utility classes ('text-sm font-semibold'). */
  className?: string;
  /** CSSOM styles: the CSP's style-src 'self' forbids a style attribute. */
  style?: Partial<Pick<CSSStyleDeclaration, 'fontStyle' | 'fontWeight' | 'fontSize' | 'fontFamily'>>;
}

/**
 * Lays `lines` out in an `aria-hidden`, `visibility: hidden` 1 px box appended to <body> and
 * removed in the same task, before the browser paints (no visible or audible trace): one
 * synchronous style and layout update, in which the browser finds each line's font and shapes
 * its text. Does nothing without a <body> or without lines.
 * @param lang the lines' language (a BCP 47 tag, 'hi'), set on the box; the page's when absent
 */
export function layOutHidden(lines: readonly HiddenLine[], lang?: string): void {
  if (typeof document === 'undefined' || !document.body || lines.length === 0) return;
  const box = document.createElement('div');
  if (lang) box.lang = lang;
  box.setAttribute('aria-hidden', 'true');
  Object.assign(box.style, {
    position: 'absolute',
    top: '0',
    left: '0',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    visibility: 'hidden',
    contain: 'strict',
    pointerEvents: 'none',
  });
  for (const { text, className, style } of lines) {
    const line = document.createElement('span');
    if (className) line.className = className;
    Object.assign(line.style, style, { whiteSpace: 'nowrap' });
    line.textContent = text;
    box.append(line);
  }
  document.body.append(box);
  void box.offsetWidth; // lays the lines out now (fonts looked up, text shaped)
  box.remove();
}
