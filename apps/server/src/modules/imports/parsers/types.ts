/** What every sensor-file parser yields: one reading, stored in mg/dL. */
import type { ImportSkipReason } from '@diacare/contract/imports';
import { t, type MessageId } from '../../../i18n/index.ts';

/** The formats DiaCare recognises by a file's structure (never its name). */
export const IMPORT_FORMATS = ['libreview', 'dexcom', 'nightscout'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface SensorReading {
  /** the instant, from the file's local time read in the user's zone */
  measuredAt: Date;
  /** mg/dL, whole; for a Low/High the device's limit */
  valueMgDl: number;
  /** 'low' or 'high' when the device reported out of its range rather than a number */
  flag: 'low' | 'high' | null;
  /** the device's serial number or id as the file names it ('' when none) */
  deviceSerial: string;
  /** 'cgm' (sensor, every 5 or 15 minutes), 'scan' (Libre scan) or 'strip' (finger-stick) */
  kind: 'cgm' | 'scan' | 'strip';
  /** true when the local time fell in a daylight-saving repeat or gap: the instant is a choice */
  dstAmbiguous: boolean;
}

/**
 * A row the parser refused before the row rule: its time is not a real one, its value not a
 * number, or (Nightscout) a device code rather than a glucose.
 */
export interface RefusedRow {
  refused: ImportSkipReason;
}

/** What a parser yields for each row holding a glucose: a reading (checked later by row-rule.ts) or a refusal. */
export type ParsedRow = SensorReading | RefusedRow;

/** A file that is none of the known formats, or breaks its own structure (→ 400 on `file`, catalog `id`). */
export class ImportFormatError extends Error {
  constructor(readonly id: MessageId) {
    super(`file: ${t('en', id)}`);
  }
}
