import { describe, expect, it } from 'vitest';
import { LineSplitter, readNdjson } from './ndjson';
import type { AssistantStreamEvent } from './types';

/** A byte stream that delivers `chunks` one read at a time, as a network would. */
function streamOf(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> & { cancelled: () => boolean } {
  const encoder = new TextEncoder();
  let cancelled = false;
  let index = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
    },
    cancel() {
      cancelled = true;
    },
  });
  return Object.assign(stream, { cancelled: () => cancelled });
}

async function collect<T>(stream: ReadableStream<Uint8Array>): Promise<T[]> {
  const out: T[] = [];
  for await (const value of readNdjson<T>(stream)) out.push(value);
  return out;
}

const message = {
  id: '4f1c2f8e-5b7a-4a55-9d7e-1a2b3c4d5e6f',
  role: 'assistant',
  content: 'Fill half your plate with vegetables.',
  created_at: '2026-11-23T10:00:00.000Z',
  engine: 'DiaCare assistant',
  links: [{ label: 'Reports', href: '/reports' }],
  sources: [{ title: 'ICMR Guidelines for Management of Type 2 Diabetes 2018', section: 'Medical nutrition therapy' }],
};
const lines = [
  JSON.stringify({ type: 'user', message: { ...message, role: 'user', engine: null, content: 'What should I eat?' } }),
  JSON.stringify({ type: 'delta', text: 'Fill half your plate ' }),
  JSON.stringify({ type: 'delta', text: 'with vegetables.' }),
  JSON.stringify({ type: 'done', message }),
];
const body = lines.map((line) => `${line}\n`).join('');

describe('readNdjson', () => {
  it('yields one event per line when a chunk holds several lines', async () => {
    const events = await collect<AssistantStreamEvent>(streamOf([body]));
    expect(events.map((event) => event.type)).toEqual(['user', 'delta', 'delta', 'done']);
    expect(events[3]).toEqual({ type: 'done', message });
  });

  it('joins lines that chunks split in the middle, at every possible split point', async () => {
    const expected = lines.map((line) => JSON.parse(line) as unknown);
    for (let at = 1; at < body.length; at += 7) {
      const events = await collect(streamOf([body.slice(0, at), body.slice(at)]));
      expect(events).toEqual(expected);
    }
  });

  it('joins a line delivered one character at a time', async () => {
    const events = await collect(streamOf([...lines[1]!, '\n']));
    expect(events).toEqual([{ type: 'delta', text: 'Fill half your plate ' }]);
  });

  it('keeps a multi-byte character that a chunk boundary cuts in two', async () => {
    const bytes = new TextEncoder().encode(`${JSON.stringify({ type: 'delta', text: 'Roti — ₹ 🍚' })}\n`);
    const cut = bytes.indexOf(0xe2) + 1; // inside the three bytes of '—'
    const events = await collect(streamOf([bytes.slice(0, cut), bytes.slice(cut)]));
    expect(events).toEqual([{ type: 'delta', text: 'Roti — ₹ 🍚' }]);
  });

  it('reads an error line, CRLF line ends, blank lines and a last line without a newline', async () => {
    const events = await collect<AssistantStreamEvent>(
      streamOf([
        `${lines[0]}\r\n\r\n`,
        '{"type":"delta","text":"Hi"}\n{"type":"error","detail":"The assistant is busy."}',
      ]),
    );
    expect(events.map((event) => event.type)).toEqual(['user', 'delta', 'error']);
    expect(events[2]).toEqual({ type: 'error', detail: 'The assistant is busy.' });
  });

  it('yields nothing for an empty body', async () => {
    expect(await collect(streamOf([]))).toEqual([]);
  });

  it('throws on a line that is not JSON, after the good lines before it, and cancels the stream', async () => {
    const stream = streamOf([`${lines[1]}\n<html>oops</html>\n`, `${lines[2]}\n`]);
    const seen: unknown[] = [];
    await expect(async () => {
      for await (const event of readNdjson(stream)) seen.push(event);
    }).rejects.toThrow(SyntaxError);
    expect(seen).toEqual([JSON.parse(lines[1]!)]);
    expect(stream.cancelled()).toBe(true);
  });

  it('cancels the stream when the reader stops early', async () => {
    const stream = streamOf([`${lines[0]}\n`, `${lines[1]}\n`, `${lines[2]}\n`]);
    for await (const event of readNdjson<AssistantStreamEvent>(stream)) {
      if (event.type === 'user') break;
    }
    expect(stream.cancelled()).toBe(true);
  });
});

describe('LineSplitter', () => {
  it('returns only complete lines and keeps the rest for the next push', () => {
    const splitter = new LineSplitter();
    expect(splitter.push('{"a":1}\n{"b"')).toEqual(['{"a":1}']);
    expect(splitter.push(':2}\n\n{"c":3')).toEqual(['{"b":2}']);
    expect(splitter.flush()).toEqual(['{"c":3']);
    expect(splitter.flush()).toEqual([]);
  });
});
