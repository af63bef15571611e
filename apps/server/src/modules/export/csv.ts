/**
 * The CSV export: a ZIP with one CSV per kind of data, streamed from keyset pages, so memory
 * holds one page whatever the years of data. Date-times carry the user's offset, units are in the
 * headers, glucose is in both units, and formula-like text is prefixed with ' (CSV injection).
 * The column headers are the exporting person's language (`export.csv.*`, English keeps the
 * snake_case names); values stay as stored (codes such as 'taken', 'Fasting', ISO date-times) so
 * the files read back the same in every language. Decision 020.
 */
import { Readable } from 'node:stream';
import { formatGlucoseValue } from '@diacare/contract/glucose-units';
import { LAB_TEST_RULES, type LabTest } from '@diacare/contract/lab-rules';
import { stringify } from 'csv-stringify';
import { ZipFile } from 'yazl';
import type {
  AdherenceRow,
  AppointmentRow,
  BloodPressureRow,
  BodyMetricsRow,
  CareCircleRow,
  ExportRepository,
  GlucoseRow,
  InsulinRow,
  LabRow,
  MealExportRow,
  MedicationRow,
  SensorRow,
} from './export.repository.ts';
import { isoInZone, isoLocal } from '@diacare/contract/dates';
import { t, type Language, type MessageId } from '../../i18n/index.ts';
import { itemsIn } from '../meals/meals.repository.ts';

type Cell = string | number | boolean | null;

/** One file of the ZIP: its name, columns (`export.csv.<column>` names the header) and how a row becomes cells. */
interface CsvSpec<Row> {
  file: string;
  header: string[];
  rows: (repository: ExportRepository, userId: string) => AsyncIterable<Row>;
  cells: (
    row: Row,
    zone: string,
    names: Map<string, string>,
    photos: ReadonlySet<string>,
    language: Language,
  ) => Cell[];
}

/** Where a meal's photo sits in the ZIP. */
const mealPhotoFile = (mealId: string) => `meal-photos/${mealId}.webp`;

const spec = <Row>(value: CsvSpec<Row>) => value;

/** The files, in the order the ZIP lists them, with their headers (units in the names). */
export const CSV_FILES = [
  spec<MedicationRow>({
    file: 'medications.csv',
    header: [
      'medication_id',
      'name',
      'dosage',
      'form',
      'instructions',
      'when_to_take',
      'frequency',
      'times_local',
      'weekdays_iso',
      'start_date',
      'end_date',
      'refill_reminder',
      'pills_remaining',
      'refill_threshold_pills',
      'created_at',
      'deleted_at',
    ],
    rows: (repository, userId) => repository.medications(userId),
    cells: (row, zone) => [
      row.id,
      row.name,
      row.dosage,
      row.form,
      row.instructions,
      row.when_to_take,
      row.frequency,
      row.times.join(' '),
      row.weekdays.join(' '),
      row.start_date,
      row.end_date,
      row.refill_enabled,
      row.pills_remaining,
      row.refill_threshold,
      isoInZone(row.created_at, zone),
      row.archived_at && isoInZone(row.archived_at, zone),
    ],
  }),
  spec<AdherenceRow>({
    file: 'adherence.csv',
    header: ['record_id', 'medication_id', 'medication', 'scheduled_at', 'status', 'taken_at'],
    rows: (repository, userId) => repository.adherence(userId),
    cells: (row, zone, names) => [
      row.id,
      row.medication_id,
      names.get(row.medication_id) ?? '',
      isoLocal(row.date, row.scheduled_time, zone),
      row.status,
      row.taken_time && isoLocal(row.date, row.taken_time, zone),
    ],
  }),
  spec<GlucoseRow>({
    file: 'glucose.csv',
    header: ['reading_id', 'measured_at', 'glucose_mg_dl', 'glucose_mmol_l', 'meal_context'],
    rows: (repository, userId) => repository.glucose(userId),
    cells: (row, zone) => [
      row.id,
      isoLocal(row.date, row.time, zone),
      row.value,
      formatGlucoseValue(row.value, 'mmol/L'),
      row.meal_context,
    ],
  }),
  spec<BloodPressureRow>({
    file: 'blood_pressure.csv',
    header: ['reading_id', 'measured_at', 'systolic_mm_hg', 'diastolic_mm_hg', 'pulse_beats_per_min'],
    rows: (repository, userId) => repository.bloodPressure(userId),
    cells: (row, zone) => [row.id, isoLocal(row.date, row.time, zone), row.systolic, row.diastolic, row.pulse],
  }),
  spec<BodyMetricsRow>({
    file: 'body_metrics.csv',
    // A body-metrics entry has a date but no time of day; recorded_at is when it was saved.
    header: ['reading_id', 'date', 'weight_kg', 'height_cm', 'bmi_kg_m2', 'recorded_at'],
    rows: (repository, userId) => repository.bodyMetrics(userId),
    cells: (row, zone) => [
      row.id,
      row.date,
      Number(row.weight),
      Number(row.height),
      Number(row.bmi),
      isoInZone(row.created_at, zone),
    ],
  }),
  spec<AppointmentRow>({
    file: 'appointments.csv',
    header: ['appointment_id', 'type', 'title', 'doctor', 'location', 'starts_at', 'status', 'notes'],
    rows: (repository, userId) => repository.appointments(userId),
    cells: (row, zone) => [
      row.id,
      row.type,
      row.title,
      row.doctor,
      row.location,
      isoInZone(row.starts_at, zone),
      row.status,
      row.notes,
    ],
  }),
  spec<LabRow>({
    file: 'labs.csv',
    // One unit per test (HbA1c in %, decision 045), so the unit is a column, with the LOINC code.
    header: ['result_id', 'date', 'test', 'loinc', 'value', 'unit', 'notes', 'recorded_at'],
    rows: (repository, userId) => repository.labs(userId),
    cells: (row, zone) => {
      const rule = LAB_TEST_RULES[row.test as LabTest];
      return [
        row.id,
        row.date,
        row.test,
        rule.loinc,
        Number(row.value),
        rule.units[0].unit,
        row.notes,
        isoInZone(row.created_at, zone),
      ];
    },
  }),
  spec<InsulinRow>({
    file: 'insulin.csv',
    header: ['dose_id', 'taken_at', 'units', 'insulin_type', 'medication_id', 'medication', 'meal_context'],
    rows: (repository, userId) => repository.insulin(userId),
    cells: (row, zone, names) => [
      row.id,
      isoLocal(row.date, row.time, zone),
      Number(row.units),
      row.insulin_type,
      row.medication_id,
      row.medication_id ? (names.get(row.medication_id) ?? '') : '',
      row.meal_context,
    ],
  }),
  spec<MealExportRow>({
    file: 'meals.csv',
    // Meals (decision 088): items as 'name × portions (carbohydrate g)', carbohydrate estimated.
    header: ['meal_id', 'eaten_at', 'meal_type', 'items', 'food_ids', 'carbs_g_estimated', 'note', 'photo_file'],
    rows: (repository, userId) => repository.meals(userId),
    cells: (row, zone, _names, photos, language) => [
      row.id,
      isoLocal(row.date, row.time, zone),
      row.meal_type,
      // Listed foods named in the exporting person's language.
      itemsIn(row.items, language)
        .map((item) =>
          t(language, 'export.csv.meal_item', {
            name: item.name,
            portions: item.portions,
            has_carbs: item.carbs_g === null ? 'no' : 'yes',
            carbs: item.carbs_g ?? '',
          }),
        )
        .join('; '),
      row.items.map((item) => item.food_id ?? '').join('; '),
      row.carbs_g,
      row.note,
      photos.has(row.id) ? mealPhotoFile(row.id) : '',
    ],
  }),
  spec<SensorRow>({
    file: 'imports.csv',
    // Imported sensor and meter readings (decision 046): the instant with the user's offset, and
    // the flag of a Low/High kept at the device's limit.
    header: [
      'reading_id',
      'measured_at',
      'glucose_mg_dl',
      'glucose_mmol_l',
      'out_of_range',
      'kind',
      'source',
      'device',
      'daylight_saving_ambiguous',
      'import_id',
    ],
    rows: (repository, userId) => repository.sensorReadings(userId),
    cells: (row, zone) => [
      row.id,
      isoInZone(row.measured_at, zone),
      row.value,
      formatGlucoseValue(row.value, 'mmol/L'),
      row.flag,
      row.kind,
      row.source,
      row.device_serial,
      row.dst_ambiguous,
      row.batch_id,
    ],
  }),
  spec<CareCircleRow>({
    file: 'care_circle.csv',
    header: ['membership_id', 'direction', 'person', 'email', 'role', 'scopes', 'can_mark_taken', 'since'],
    rows: (repository, userId) => repository.careCircle(userId),
    cells: (row, zone) => [
      row.id,
      row.direction,
      row.person,
      row.email,
      row.role,
      row.scopes.join(' '),
      String(row.can_mark_taken),
      isoInZone(row.created_at, zone),
    ],
  }),
];

/** The header line of `file` in `language`: each column's `export.csv.<column>` text. */
export const csvHeader = (file: Pick<CsvSpec<never>, 'header'>, language: Language): string[] =>
  file.header.map((column) => t(language, `export.csv.${column}` as MessageId));

/** Cells of every row, then the end; an async generator so rows are only read when pulled. */
async function* cellRows<Row>(
  file: CsvSpec<Row>,
  repository: ExportRepository,
  userId: string,
  zone: string,
  names: Map<string, string>,
  photos: ReadonlySet<string>,
  language: Language,
): AsyncGenerator<Cell[]> {
  for await (const row of file.rows(repository, userId)) yield file.cells(row, zone, names, photos, language);
}

/**
 * A ZIP of the CSVs of one user, as a stream to pipe to the reply.
 * @param userId whose rows; every query is scoped to it.
 * @param zone the user's IANA zone, for the offsets of every date-time.
 * @param modified the files' modification time in the ZIP (now).
 * @param language the exporting person's language: the headers, and the names of listed foods.
 */
export async function csvZipStream(
  repository: ExportRepository,
  userId: string,
  zone: string,
  modified: Date,
  language: Language = 'en',
): Promise<Readable> {
  // Medication names for the adherence file: a user has a handful of medicines, not years of rows.
  const names = new Map<string, string>();
  for await (const medication of repository.medications(userId)) names.set(medication.id, medication.name);

  // Meals' photos go in as files of their own, each read when the ZIP reaches it.
  const photos = new Set(await repository.mealPhotoIds(userId));

  const zip = new ZipFile();
  for (const file of CSV_FILES as CsvSpec<unknown>[]) {
    zip.addReadStreamLazy(file.file, { mtime: modified }, (callback) => {
      const columns = csvHeader(file, language);
      const csv = stringify({ header: true, columns, escape_formulas: true, record_delimiter: 'windows' });
      const rows = Readable.from(cellRows(file, repository, userId, zone, names, photos, language));
      rows.on('error', (error) => csv.destroy(error));
      callback(null, rows.pipe(csv));
    });
  }
  for (const mealId of photos) {
    zip.addReadStreamLazy(mealPhotoFile(mealId), { mtime: modified, compress: false }, (callback) => {
      repository.mealPhoto(userId, mealId).then(
        (bytes) => callback(null, Readable.from([bytes ?? Buffer.alloc(0)])),
        (error: Error) => callback(error, Readable.from([])),
      );
    });
  }
  zip.end();
  const output = zip.outputStream as Readable;
  // A failed query mid-way must cut the download short, not end it as a valid-looking ZIP.
  zip.on('error', (error: Error) => output.destroy(error));
  return output;
}
