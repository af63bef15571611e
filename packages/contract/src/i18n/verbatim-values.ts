/**
 * User text inside a catalog message, shown as typed. Both sides render messages with Lingui
 * (`@lingui/core`), which passes `values` through as data (never compiled as ICU: a name's
 * '{x}' or '<b>' stays as it is) but then decodes any '\uXXXX' or '\xXX' escape in the whole
 * rendered text, so a medicine named 'Met\u0041' would read 'MetA'. Every translate function of
 * both sides goes through `renderVerbatim` (decision 095, docs/architecture.md).
 */

/** U+FFFF, a Unicode noncharacter: it never occurs in text people write, so it can stand in for '\'. */
const BACKSLASH_STAND_IN = '\uFFFF';

/**
 * Renders a message with `values` so that their text comes out exactly as given.
 * @param render the translate call (id bound), given the values to fill in
 * @param values the message's values; strings among them may hold any text (backslashes too)
 * @returns what `render` returns, with every backslash of `values` kept as written
 */
export function renderVerbatim<V extends Record<string, unknown>>(render: (values?: V) => string, values?: V): string {
  if (!values || !Object.values(values).some((value) => typeof value === 'string' && value.includes('\\'))) {
    return render(values);
  }
  const shielded = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'string' ? value.replaceAll('\\', BACKSLASH_STAND_IN) : value,
    ]),
  ) as V;
  return render(shielded).replaceAll(BACKSLASH_STAND_IN, '\\');
}
