/** Small figures helpers for the benches' reports. */

/** The median of `values` (the upper middle for an even count); the input is not changed. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Milliseconds right-aligned for a table: 42.7 → '   43 ms'. */
export const fmtMs = (ms) => `${ms.toFixed(0).padStart(5)} ms`;
