/**
 * Newline-delimited JSON (https://github.com/ndjson/ndjson-spec): one JSON value per line,
 * lines end with '\n' (a '\r' before it is allowed). Network chunks split lines, and UTF-8
 * characters, anywhere; these helpers put them back together.
 */

/**
 * Splits text arriving in pieces into complete lines. `push(text)` returns the lines the
 * text completed (without their line end, blank lines skipped); `flush()` returns the last
 * line if the stream ended without a newline.
 */
export class LineSplitter {
  private rest = '';

  push(text: string): string[] {
    const parts = (this.rest + text).split('\n');
    this.rest = parts.pop() ?? '';
    return parts.map((line) => line.replace(/\r$/, '')).filter((line) => line.trim() !== '');
  }

  flush(): string[] {
    const last = this.rest.replace(/\r$/, '');
    this.rest = '';
    return last.trim() === '' ? [] : [last];
  }
}

/**
 * Reads an NDJSON byte stream and yields each line parsed as JSON, in order, as soon as its
 * line is complete. Throws a SyntaxError on a line that is not JSON; cancels the stream
 * when the caller stops early or a line is bad.
 */
export async function* readNdjson<T = unknown>(body: ReadableStream<Uint8Array>): AsyncGenerator<T> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const lines = new LineSplitter();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // stream: true keeps a UTF-8 character split between chunks for the next call.
      for (const line of lines.push(decoder.decode(value, { stream: true }))) yield JSON.parse(line) as T;
    }
    for (const line of lines.push(decoder.decode())) yield JSON.parse(line) as T;
    for (const line of lines.flush()) yield JSON.parse(line) as T;
    finished = true;
  } finally {
    // A caller that stops early (page left, bad line) closes the connection too.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
