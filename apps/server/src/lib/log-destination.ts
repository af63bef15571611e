/**
 * Where the server's log lines go: stdout, written in blocks instead of one write per line
 * (decision 105). pino's default destination handed each line to libuv's thread pool on its
 * own: under the API bench that was a write, a futex wake and a context switch or two per
 * request, the largest cost of the log line. Lines now collect in memory and go out once
 * LOG_BLOCK_BYTES have collected, every LOG_FLUSH_MS, at once after a warning or an error, and
 * before the process exits (pino writes what is left then, a crash included; only a SIGKILL
 * can lose the last block). Writes stay off the event loop: a slow reader of stdout (a full
 * pipe) never stalls a request.
 */
import pino, { type DestinationStream, type LoggerOptions } from 'pino';

/** A block is written once this many bytes of lines have collected (about 20 request lines). */
export const LOG_BLOCK_BYTES = 4096;
/** A quiet server's lines are written at most this long after they were logged, ms. */
export const LOG_FLUSH_MS = 1000;
/** pino's level number of 'warn': a line at this level or above is written at once. */
const WARN = 40;

export interface LogDestination {
  /** The stream pino writes to (Fastify's `logger.stream`). */
  stream: DestinationStream;
  /** pino's `hooks.logMethod`: writes the block at once after a warning or an error line. */
  hooks: NonNullable<LoggerOptions['hooks']>;
  /** Writes what has collected, now. */
  flush(): void;
}

/** stdout (fd 1) as a block-buffered destination, written through libuv's thread pool. */
export function stdoutLogDestination(): LogDestination {
  const destination = pino.destination({
    dest: 1,
    sync: false,
    minLength: LOG_BLOCK_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  });
  const flush = () => destination.flush();
  return {
    stream: destination,
    flush,
    hooks: {
      logMethod(args, method, level) {
        method.apply(this, args);
        if (level >= WARN) flush();
      },
    },
  };
}
