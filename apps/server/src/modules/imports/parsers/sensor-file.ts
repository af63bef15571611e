/**
 * Reads a sensor export, recognising LibreView or Dexcom Clarity by its header lines, not the
 * file name. Pure and streamed. Every data line after the header is either a reading, a
 * refusal or a record of a kind the format writes and DiaCare does not import (LibreView's
 * ketone, insulin, food and note records; Clarity's preamble, alert, calibration, carb,
 * insulin, health and exercise events) — nothing else is dropped unseen. A glucose row whose
 * time is not a real one (31 February, 13:00 PM) is `invalid_date`, whose glucose is empty or
 * not a number `invalid_value`; a line that is not a row of the format (no record type or
 * index, bytes that are not UTF-8 in the cells read) `malformed_row`. Never rolled over; the
 * bounds and dates are checked after (row-rule.ts). Decisions 046, 071.
 */
import { glucoseToMgDl } from '@diacare/contract/glucose-units';
import { isRealWallTime, wallClockInstants, type WallTime } from '@diacare/contract/dates';
import { csvRecords } from './records.ts';
import { ImportFormatError, type ImportFormat, type ParsedRow } from './types.ts';

/** Rows looked through for a header before the file is refused. */
const HEADER_SEARCH_ROWS = 20;

/**
 * Device limits: Dexcom reports 'Low' below 40 and 'High' above 400 mg/dL; FreeStyle Libre
 * 'LO' below 40 and 'HI' above 500 (the manufacturers' user guides). A Low/High is kept at
 * the limit, flagged.
 */
/** The formats that arrive as a file (a Nightscout site is read over HTTP). */
export type FileFormat = Exclude<ImportFormat, 'nightscout'>;

export const DEVICE_LIMITS: Record<FileFormat, { low: number; high: number }> = {
  dexcom: { low: 40, high: 400 },
  libreview: { low: 40, high: 500 },
};

type Unit = 'mg/dL' | 'mmol/L';
const unitOf = (header: string): Unit | null =>
  /mmol\/l\)?$/i.test(header) ? 'mmol/L' : /mg\/dl\)?$/i.test(header) ? 'mg/dL' : null;

/**
 * True when one of `cells` held bytes that are not UTF-8: the decoder wrote U+FFFD (the
 * replacement character) for them, and a serial read so would name another device.
 */
const notUtf8 = (cells: (string | undefined)[]) => cells.some((cell) => cell?.includes('\uFFFD'));

/** A number as the files write it: digits, a sign, one decimal point or comma. */
const NUMBER = /^[-+]?\d+(?:[.,]\d+)?$/;

/**
 * A cell as mg/dL (whole) with its flag; 'invalid' when it holds text that is neither a number
 * nor the device's Low/High; null when it is empty (the row holds no reading). A number out
 * of the bounds is returned as it is, for the row rule to refuse.
 */
function glucoseCell(cell: string | undefined, unit: Unit, format: FileFormat) {
  const text = (cell ?? '').trim();
  if (!text) return null;
  if (/^(low|lo)$/i.test(text)) return { valueMgDl: DEVICE_LIMITS[format].low, flag: 'low' as const };
  if (/^(high|hi)$/i.test(text)) return { valueMgDl: DEVICE_LIMITS[format].high, flag: 'high' as const };
  if (!NUMBER.test(text)) return 'invalid';
  return { valueMgDl: glucoseToMgDl(Number(text.replace(',', '.')), unit), flag: null };
}

/**
 * LibreView's 'Device Timestamp': 'MM-DD-YYYY hh:mm AM' (US, 12-hour) or 'DD-MM-YYYY HH:mm'
 * (24-hour, most other locales; '/' or '.' also seen as separators).
 * @returns the wall time as written, or null when it is not written so, or a 12-hour time's
 *   hour is not 1–12 ('13:00 PM' and '00:30 PM' are no time; never read as 13:00 or 12:30).
 *   Minutes or seconds of 60 or more come back as written, for isRealWallTime to refuse.
 */
export function libreTimestamp(text: string): WallTime | null {
  const match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?$/i.exec(text.trim());
  if (!match) return null;
  const [, a, b, year, h, minute, second, meridiem] = match;
  let hour = Number(h);
  if (meridiem && (hour < 1 || hour > 12)) return null;
  if (meridiem) hour = (hour % 12) + (meridiem.toUpperCase() === 'PM' ? 12 : 0);
  const [month, day] = meridiem ? [Number(a), Number(b)] : [Number(b), Number(a)];
  return { year: Number(year), month, day, hour, minute: Number(minute), second: Number(second ?? 0) };
}

/** Clarity's 'YYYY-MM-DDThh:mm:ss' (24-hour, no zone). */
export function dexcomTimestamp(text: string): WallTime | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  return { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second ?? 0 };
}

/**
 * Local wall time → instant in `zone`; null when the wall time is not a real one (31
 * February, 24:00). In a fall-back repeat the first time a (device, wall time) is met takes
 * the earlier instant and the second the later; a time in a spring-forward gap is taken as
 * if the clock had not yet changed. Either way the reading is flagged.
 */
function makeInstantReader(zone: string) {
  const seenRepeats = new Set<string>();
  return (wall: WallTime, device: string): { at: Date; ambiguous: boolean } | null => {
    if (!isRealWallTime(wall)) return null;
    const instants = wallClockInstants(wall, zone);
    if (instants.length === 1) return { at: instants[0]!, ambiguous: false };
    if (instants.length === 0) {
      const before = wallClockInstants({ ...wall, hour: wall.hour - 1 < 0 ? 0 : wall.hour - 1 }, zone)[0];
      return before ? { at: new Date(before.getTime() + 3_600_000), ambiguous: true } : null;
    }
    const key = `${device}|${JSON.stringify(wall)}`;
    const second = seenRepeats.has(key);
    seenRepeats.add(key);
    return { at: instants[second ? 1 : 0]!, ambiguous: true };
  };
}

/** A parsed file: its format once the header is read, and its readings (pull to read). */
export interface SensorFile {
  format: FileFormat;
  /** a reading, or a refusal, for each row that holds a glucose */
  readings: AsyncGenerator<ParsedRow>;
}

/**
 * Opens a sensor export: reads up to the header, names the format, and returns the readings
 * to pull in file order (LibreView groups rows by type, not time; order does not matter).
 * @param source the file's bytes, as they arrive
 * @param zone the user's IANA zone, in which the file's times are read
 * @throws ImportFormatError when no LibreView or Clarity header is found
 */
export async function openSensorFile(source: AsyncIterable<Buffer | string>, zone: string): Promise<SensorFile> {
  const records = csvRecords(source);
  for (let row = 0; row < HEADER_SEARCH_ROWS; row++) {
    const next = await records.next();
    if (next.done) break;
    const header = next.value;
    if (header.includes('Device Timestamp') && header.includes('Record Type')) {
      return { format: 'libreview', readings: libreReadings(header, records, zone) };
    }
    if (header.some((cell) => cell.includes('(YYYY-MM-DDThh:mm:ss)'))) {
      return { format: 'dexcom', readings: dexcomReadings(header, records, zone) };
    }
  }
  throw new ImportFormatError('error.import_unknown_format');
}

async function* libreReadings(
  header: string[],
  records: AsyncGenerator<string[]>,
  zone: string,
): AsyncGenerator<ParsedRow> {
  const column = (prefix: string) => header.findIndex((cell) => cell.startsWith(prefix));
  const columns = {
    serial: column('Serial Number'),
    time: column('Device Timestamp'),
    type: column('Record Type'),
    historic: column('Historic Glucose'),
    scan: column('Scan Glucose'),
    strip: column('Strip Glucose'),
  };
  if (columns.time < 0 || columns.historic < 0) throw new ImportFormatError('error.import_libreview_no_glucose');
  const units = {
    historic: unitOf(header[columns.historic]!) ?? 'mg/dL',
    scan: columns.scan < 0 ? 'mg/dL' : (unitOf(header[columns.scan]!) ?? 'mg/dL'),
    strip: columns.strip < 0 ? 'mg/dL' : (unitOf(header[columns.strip]!) ?? 'mg/dL'),
  } as const;
  const instant = makeInstantReader(zone);
  // Record Type 0 historic (sensor, every 15 minutes), 1 scan, 2 strip.
  const KINDS = { '0': ['historic', 'cgm'], '1': ['scan', 'scan'], '2': ['strip', 'strip'] } as const;
  for await (const row of records) {
    const type = row[columns.type] ?? '';
    const kind = KINDS[type as keyof typeof KINDS];
    if (!kind) {
      // Another whole-number Record Type is a LibreView record with no glucose DiaCare imports
      // (3 ketone, 4 insulin, 5 food, 6 notes, exercise and clock changes, …): left out, not
      // counted (decision 071). A line with no Record Type is no LibreView row: counted.
      if (/^\d+$/.test(type)) continue;
      yield { refused: 'malformed_row' };
      continue;
    }
    const [field, readingKind] = kind;
    const deviceSerial = row[columns.serial] ?? '';
    if (notUtf8([deviceSerial, row[columns.time], row[columns[field]]])) {
      yield { refused: 'malformed_row' };
      continue;
    }
    const glucose = glucoseCell(row[columns[field]], units[field], 'libreview');
    if (!glucose || glucose === 'invalid') {
      yield { refused: 'invalid_value' };
      continue;
    }
    const wall = libreTimestamp(row[columns.time] ?? '');
    const at = wall && instant(wall, deviceSerial);
    if (!at) {
      yield { refused: 'invalid_date' };
      continue;
    }
    yield { measuredAt: at.at, ...glucose, deviceSerial, kind: readingKind, dstAmbiguous: at.ambiguous };
  }
}

async function* dexcomReadings(
  header: string[],
  records: AsyncGenerator<string[]>,
  zone: string,
): AsyncGenerator<ParsedRow> {
  const time = header.findIndex((cell) => cell.includes('(YYYY-MM-DDThh:mm:ss)'));
  // Clarity's columns keep their order in every language: Index, Timestamp, Event Type,
  // Event Subtype, Patient Info, Device Info, Source Device ID, Glucose Value (unit), …
  const event = time + 1;
  const source = header.findIndex((cell) => /source device id/i.test(cell));
  const serialColumn = source >= 0 ? source : time + 5;
  const glucose = header.findIndex((cell, index) => index > event && unitOf(cell) !== null);
  if (glucose < 0) throw new ImportFormatError('error.import_clarity_no_glucose');
  const unit = unitOf(header[glucose]!)!;
  const instant = makeInstantReader(zone);
  for await (const row of records) {
    // Every Clarity row has a whole-number Index (the column before the timestamp) and an Event
    // Type; a line without them is no Clarity row: counted.
    const eventType = row[event] ?? '';
    const indexed = time === 0 || /^\d+$/.test(row[time - 1] ?? '');
    if (!indexed || !eventType || notUtf8([eventType])) {
      yield { refused: 'malformed_row' };
      continue;
    }
    // EGV rows are the sensor's readings; the other events (the preamble's FirstName, LastName
    // and Device; Alert, Calibration, Carbs, Insulin, Health, Exercise) hold none DiaCare
    // imports: left out, not counted (decision 071).
    if (eventType.toUpperCase() !== 'EGV') continue;
    const deviceSerial = row[serialColumn] ?? '';
    if (notUtf8([deviceSerial, row[time], row[glucose]])) {
      yield { refused: 'malformed_row' };
      continue;
    }
    const value = glucoseCell(row[glucose], unit, 'dexcom');
    if (!value || value === 'invalid') {
      yield { refused: 'invalid_value' };
      continue;
    }
    const wall = dexcomTimestamp(row[time] ?? '');
    const at = wall && instant(wall, deviceSerial);
    if (!at) {
      yield { refused: 'invalid_date' };
      continue;
    }
    yield { measuredAt: at.at, ...value, deviceSerial, kind: 'cgm', dstAmbiguous: at.ambiguous };
  }
}
