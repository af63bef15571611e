/**
 * A CSV body as records (arrays of cells), streamed through csv-parse: the UTF-8 BOM is
 * dropped, the separator (',' or ';', as Clarity writes in some locales) is sniffed from the
 * first chunk, quoted fields and ragged rows (title and preamble lines) are accepted; a line of
 * only separators (',,,,' as a spreadsheet saves a blank row) is an empty line.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';

/** ';' when the first lines hold more semicolons than commas, else ','. */
function sniffDelimiter(head: string): ',' | ';' {
  const lines = head.split(/\r?\n/).slice(0, 5).join('\n');
  const count = (char: string) => lines.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** The records of `source`, one array of trimmed cells each, empty lines (and lines of empty cells) left out. */
export async function* csvRecords(source: AsyncIterable<Buffer | string>): AsyncGenerator<string[]> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const head = typeof first.value === 'string' ? first.value : first.value.toString('utf8', 0, 8192);
  const parser = parse({
    delimiter: sniffDelimiter(head),
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    trim: true,
  });
  async function* all() {
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  const input = Readable.from(all());
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  for await (const record of parser) yield record as string[];
}
