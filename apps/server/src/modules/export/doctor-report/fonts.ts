/**
 * The report's embedded fonts: Noto Sans (Latin, Latin Extended) and Noto Sans Devanagari from
 * the @fontsource packages in node_modules (kept external by the server build), and the
 * split of a text into runs one font can draw. Decision 019.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Font files (WOFF 1.0, which fontkit reads), resolved once at start-up. */
const FONT_FILES = {
  latin: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'),
  latinBold: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff'),
  latinExt: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff'),
  latinExtBold: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff'),
  devanagari: require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff'),
  devanagariBold:
    require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff'),
} as const;

let fonts: [string, Buffer][] | null = null;

/** The font files' bytes by registered name, read once on the first report (pdfkit would re-read a path each time). */
export function fontData(): [string, Buffer][] {
  fonts ??= Object.entries(FONT_FILES).map(([name, file]) => [name, readFileSync(file)]);
  return fonts;
}

export type Script = 'latin' | 'latinExt' | 'devanagari';

/** The registered font name of `script` in regular or bold. */
export const fontName = (script: Script, bold: boolean) => `${script}${bold ? 'Bold' : ''}`;

/** Which embedded font can draw `char`: Devanagari blocks, Latin Extended, else basic Latin. */
function scriptOf(char: string): Script {
  const code = char.codePointAt(0)!;
  if ((code >= 0x0900 && code <= 0x097f) || (code >= 0xa8e0 && code <= 0xa8ff) || (code >= 0x1cd0 && code <= 0x1cff)) {
    return 'devanagari';
  }
  if ((code >= 0x0100 && code <= 0x024f) || (code >= 0x1e00 && code <= 0x1eff)) return 'latinExt';
  return 'latin';
}

/** Splits `text` into runs that one font can draw; spaces join the run they are in (punctuation and digits are Latin). */
export function scriptRuns(text: string): { script: Script; text: string }[] {
  const runs: { script: Script; text: string }[] = [];
  for (const char of text) {
    const neutral = /\s/.test(char);
    const last = runs[runs.length - 1];
    const script = neutral && last ? last.script : scriptOf(char);
    if (last && last.script === script) last.text += char;
    else runs.push({ script, text: char });
  }
  return runs;
}
