/**
 * The DiaCare backup file (decision 041): one header line
 * `DIACARE-BACKUP 1 <kind>\n`, then the database's own dump — PGlite's gzip tarball of its
 * data directory ('pglite') or pg_dump's custom format ('pg_dump', compressed by pg_dump).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type BackupKind = 'pglite' | 'pg_dump';

const MAGIC = 'DIACARE-BACKUP 1 ';
/** Longest header line read when checking a file. */
const HEADER_MAX = 64;

/** A fault the operator can fix, told in one line (the CLI prints the message alone). */
export class BackupError extends Error {
  override name = 'BackupError';
}

export const headerOf = (kind: BackupKind) => Buffer.from(`${MAGIC}${kind}\n`, 'ascii');

/**
 * Reads a backup's header.
 * @returns its kind and the byte offset where the dump starts.
 * @throws BackupError "<file> is not a DiaCare backup" for any other file, or when it cannot be read.
 */
export async function readBackupHeader(path: string): Promise<{ kind: BackupKind; offset: number }> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new BackupError(`${path}: cannot read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    const buffer = Buffer.alloc(HEADER_MAX);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_MAX, 0);
    const end = buffer.subarray(0, bytesRead).indexOf(0x0a);
    const line = end > 0 ? buffer.subarray(0, end).toString('latin1') : '';
    const kind = line.startsWith(MAGIC) ? line.slice(MAGIC.length) : '';
    if (kind !== 'pglite' && kind !== 'pg_dump') throw new BackupError(`${path} is not a DiaCare backup`);
    return { kind, offset: end + 1 };
  } finally {
    await handle.close();
  }
}

/**
 * Writes header + `body` to `path` atomically: into a temporary file in the same directory,
 * flushed to disk, then renamed over `path`, so a crash never leaves a half backup under the
 * final name. The temporary file is removed on failure.
 * @param body the dump, as bytes or a stream.
 */
export async function writeBackupAtomically(path: string, kind: BackupKind, body: Buffer | Readable): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const out = createWriteStream(temporary, { flags: 'wx' });
    const source = Readable.from(
      (async function* () {
        yield headerOf(kind);
        if (Buffer.isBuffer(body)) yield body;
        else for await (const chunk of body) yield chunk as Buffer;
      })(),
    );
    await pipeline(source, out);
    const handle = await open(temporary, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
