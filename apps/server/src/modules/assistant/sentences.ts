/** The sentence splitter both engines stream answers with. */

/** Splits `text` into sentence-sized parts for streaming (. ! ? or the danda ।), keeping every character. */
export function* chunks(text: string): Generator<string> {
  for (const part of text.match(/[^.!?।\n]+[.!?।]*\s*|\n+/g) ?? [text]) yield part;
}
