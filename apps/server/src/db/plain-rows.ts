/**
 * The rows of a prepared select as the driver returns them: one object per row keyed by column
 * name, without Drizzle's mapping of each cell (decision 105: on the API's hot lists that
 * mapping was the largest part of Drizzle's cost per request, and a share of its garbage).
 */

/** A value that needs no mapping from the driver's form: a Date (a timestamp) would. */
type Plain = string | number | boolean | null | readonly (string | number | boolean | null)[];

/** A prepared statement whose `execute` gives `Row`s. */
interface Prepared<Row> {
  execute(values?: Record<string, unknown>): Promise<Row[]>;
}

/**
 * `prepared`'s rows for `values`, equal to what its `execute` gives when its columns are
 * selected under their own names (DiaCare's columns are named as their properties) and hold
 * only text, numbers, booleans, arrays of those and DATE, which Drizzle has both drivers return
 * as 'YYYY-MM-DD' text. A row type holding a Date (a timestamp, which would come back as
 * PostgreSQL's text) does not compile. test/plain-rows.test.ts checks the equality on both drivers.
 */
export function plainRows<Row extends Record<keyof Row, Plain>>(
  prepared: Prepared<Row>,
  values: Record<string, unknown>,
): Promise<Row[]> {
  // Both drivers' prepared statements (node-postgres, PGlite) have `all`: the driver's rows,
  // with the type parsers Drizzle sets (DATE and timestamps as text), unmapped.
  return (prepared as unknown as { all(values: Record<string, unknown>): Promise<Row[]> }).all(values);
}
