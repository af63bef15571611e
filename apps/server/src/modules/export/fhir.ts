/**
 * The FHIR R4 export: pure mappings from rows to resources (LOINC codes, UCUM units, the vital-signs
 * profiles) and a 'collection' Bundle written entry by entry. Ids are the rows' uuids (UUID v5 for
 * derived ones), so the same data exports with the same ids. Our own texts (notes, types,
 * methods) are the server catalogs' `export.fhir.*` in the user's language; code systems'
 * displays (LOINC, HL7) stay as the code system publishes them, in English (docs/architecture.md).
 * Decision 020.
 */
import type {
  Appointment,
  BundleEntry,
  CodeableConcept,
  MedicationAdministration,
  MedicationStatement,
  Observation,
  Patient,
  Resource,
  Timing,
} from '@medplum/fhirtypes';
import type {
  AdherenceRow,
  AppointmentRow,
  BloodPressureRow,
  BodyMetricsRow,
  CareCircleRow,
  GlucoseRow,
  InsulinRow,
  MealExportRow,
  LabRow,
  MedicationRow,
  SensorRow,
  UserRow,
} from './export.repository.ts';
import { careCircleResources } from './fhir-care.ts';
import { insulinAdministration, labObservations } from './fhir-clinical.ts';
import { mealObservation } from './fhir-meals.ts';
import { sensorDevice, sensorDeviceId, sensorObservation } from './fhir-sensor.ts';
import { category, derivedUuid, fullUrl, loinc, LOINC_CODES, patientReference, quantity } from './fhir-primitives.ts';
import { isoInZone, isoLocal, isoWeekdayOf } from '@diacare/contract/dates';
import { t, type Language } from '../../i18n/index.ts';
import { mealContextNote } from './fhir-clinical.ts';

/** The user as a FHIR Patient: name, gender, contact details and address as given. */
export function toPatient(user: UserRow): Patient {
  const address = [user.address, user.state, user.pincode].some(Boolean) || user.country;
  return {
    resourceType: 'Patient',
    id: user.id,
    ...(user.name ? { name: [{ text: user.name }] } : {}),
    ...(user.sex ? { gender: user.sex } : {}),
    ...(user.email || user.phone
      ? {
          telecom: [
            ...(user.email ? [{ system: 'email' as const, value: user.email }] : []),
            ...(user.phone ? [{ system: 'phone' as const, value: user.phone }] : []),
          ],
        }
      : {}),
    ...(address
      ? {
          address: [
            {
              ...(user.address ? { line: [user.address] } : {}),
              ...(user.state ? { state: user.state } : {}),
              ...(user.pincode ? { postalCode: user.pincode } : {}),
              country: user.country,
            },
          ],
        }
      : {}),
  };
}

/**
 * A glucose reading (mg/dL) as an Observation; its meal context is a note. It stays in
 * mg/dL whatever the user's display unit (decision 025): LOINC 2339-0 is a mass
 * concentration, the stored value is exact in it, and a receiver converts with UCUM.
 */
export function glucoseObservation(row: GlucoseRow, zone: string, language: Language = 'en'): Observation {
  return {
    resourceType: 'Observation',
    id: row.id,
    status: 'final',
    category: category('laboratory'),
    code: loinc(LOINC_CODES.glucose),
    subject: patientReference(row.user_id),
    effectiveDateTime: isoLocal(row.date, row.time, zone),
    valueQuantity: quantity(row.value, 'mg/dL'),
    note: [{ text: mealContextNote(row.meal_context, language) }],
  };
}

/**
 * A blood-pressure reading as the panel 85354-9 with systolic and diastolic components
 * (mm[Hg]) and, when a pulse was stored, a heart-rate Observation (/min) of its own.
 */
export function bloodPressureObservations(row: BloodPressureRow, zone: string): Observation[] {
  const effectiveDateTime = isoLocal(row.date, row.time, zone);
  const panel: Observation = {
    resourceType: 'Observation',
    id: row.id,
    status: 'final',
    category: category('vital-signs'),
    code: loinc(LOINC_CODES.bloodPressurePanel),
    subject: patientReference(row.user_id),
    effectiveDateTime,
    component: [
      { code: loinc(LOINC_CODES.systolic), valueQuantity: quantity(row.systolic, 'mm[Hg]', 'mmHg') },
      { code: loinc(LOINC_CODES.diastolic), valueQuantity: quantity(row.diastolic, 'mm[Hg]', 'mmHg') },
    ],
  };
  if (row.pulse === null) return [panel];
  const pulse: Observation = {
    resourceType: 'Observation',
    id: derivedUuid(row.id, 'heart-rate'),
    status: 'final',
    category: category('vital-signs'),
    code: loinc(LOINC_CODES.heartRate),
    subject: patientReference(row.user_id),
    effectiveDateTime,
    valueQuantity: quantity(row.pulse, '/min', 'beats/minute'),
    derivedFrom: [{ reference: fullUrl(row.id) }],
  };
  return [panel, pulse];
}

/**
 * A body-metrics entry as three Observations: weight (kg), height (cm) and BMI (kg/m2,
 * derived from the two). The entry has a date but no time, so effectiveDateTime is the date.
 */
export function bodyMetricsObservations(row: BodyMetricsRow, zone: string): Observation[] {
  const common = {
    resourceType: 'Observation' as const,
    status: 'final' as const,
    category: category('vital-signs'),
    subject: patientReference(row.user_id),
    effectiveDateTime: row.date,
    issued: isoInZone(row.created_at, zone),
  };
  const weightId = derivedUuid(row.id, 'body-weight');
  const heightId = derivedUuid(row.id, 'body-height');
  return [
    { ...common, id: weightId, code: loinc(LOINC_CODES.bodyWeight), valueQuantity: quantity(Number(row.weight), 'kg') },
    { ...common, id: heightId, code: loinc(LOINC_CODES.bodyHeight), valueQuantity: quantity(Number(row.height), 'cm') },
    {
      ...common,
      id: derivedUuid(row.id, 'bmi'),
      code: loinc(LOINC_CODES.bmi),
      valueQuantity: quantity(Number(row.bmi), 'kg/m2'),
      derivedFrom: [{ reference: fullUrl(weightId) }, { reference: fullUrl(heightId) }],
    },
  ];
}

const FHIR_WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** The medicine's schedule as a FHIR Timing: daily or weekly at the listed local times. */
function timing(row: MedicationRow): Timing | undefined {
  if (row.frequency === 'as-needed') return undefined;
  const timeOfDay = row.times.map((time) => `${time}:00`);
  if (row.frequency === 'daily') return { repeat: { period: 1, periodUnit: 'd', timeOfDay } };
  // An empty weekday list means the start date's weekday (medications schema).
  const weekdays = row.weekdays.length > 0 ? row.weekdays : [isoWeekdayOf(row.start_date)];
  return {
    repeat: { period: 1, periodUnit: 'wk', dayOfWeek: weekdays.map((day) => FHIR_WEEKDAYS[day - 1]!), timeOfDay },
  };
}

const medicationConcept = (row: Pick<MedicationRow, 'name'>): CodeableConcept => ({ text: row.name });

/**
 * A medicine as a MedicationStatement: the name (free text; DiaCare stores no drug
 * code), dosage text and timing. A deleted (archived) medicine is 'stopped'.
 */
export function medicationStatement(row: MedicationRow, zone: string): MedicationStatement {
  const schedule = timing(row);
  const text = [row.dosage, row.form, row.when_to_take, row.instructions].filter(Boolean).join(', ');
  return {
    resourceType: 'MedicationStatement',
    id: row.id,
    status: row.archived_at ? 'stopped' : 'active',
    medicationCodeableConcept: medicationConcept(row),
    subject: patientReference(row.user_id),
    effectivePeriod: {
      start: row.start_date,
      ...(row.archived_at ? { end: isoInZone(row.archived_at, zone) } : row.end_date ? { end: row.end_date } : {}),
    },
    dateAsserted: isoInZone(row.created_at, zone),
    dosage: [
      {
        text,
        ...(row.instructions ? { patientInstruction: row.instructions } : {}),
        ...(schedule ? { timing: schedule } : {}),
        asNeededBoolean: row.frequency === 'as-needed',
      },
    ],
  };
}

/**
 * A dose recorded as taken, as a MedicationAdministration at the time taken (the
 * scheduled time when none was recorded), part of the medicine's statement.
 */
export function medicationAdministration(
  row: AdherenceRow,
  medication: Pick<MedicationRow, 'name'> | undefined,
  zone: string,
  language: Language = 'en',
): MedicationAdministration {
  return {
    resourceType: 'MedicationAdministration',
    id: row.id,
    status: 'completed',
    medicationCodeableConcept: medicationConcept(medication ?? { name: t(language, 'export.fhir.unknown_medicine') }),
    subject: patientReference(row.user_id),
    effectiveDateTime: isoLocal(row.date, row.taken_time ?? row.scheduled_time, zone),
    note: [{ text: t(language, 'export.fhir.scheduled', { at: isoLocal(row.date, row.scheduled_time, zone) }) }],
  };
}

const APPOINTMENT_STATUS = { upcoming: 'booked', completed: 'fulfilled', cancelled: 'cancelled' } as const;

/**
 * A booking as an Appointment. DiaCare stores no duration; FHIR (app-3) needs an end for a
 * booked appointment, so `end` equals `start` and minutesDuration is absent.
 */
export function appointment(row: AppointmentRow, zone: string, language: Language = 'en'): Appointment {
  const start = isoInZone(row.starts_at, zone);
  return {
    resourceType: 'Appointment',
    id: row.id,
    status: APPOINTMENT_STATUS[row.status],
    appointmentType: { text: t(language, 'export.fhir.appointment_type', { type: row.type }) },
    description: row.title,
    start,
    end: start,
    created: isoInZone(row.created_at, zone),
    ...(row.notes ? { comment: row.notes } : {}),
    participant: [
      { actor: patientReference(row.user_id), status: 'accepted' },
      ...(row.doctor ? [{ actor: { display: row.doctor }, status: 'accepted' as const }] : []),
      { actor: { display: row.location }, status: 'accepted' },
    ],
  };
}

/** The rows a Bundle is made of; each iterable is read once, in order. */
export interface BundleSource {
  user: UserRow;
  zone: string;
  /** The language of our own texts (notes, types); code systems' displays stay English. Absent, English. */
  language?: Language;
  /** The Bundle's timestamp (now). */
  now: Date;
  medications: AsyncIterable<MedicationRow>;
  adherence: AsyncIterable<AdherenceRow>;
  glucose: AsyncIterable<GlucoseRow>;
  bloodPressure: AsyncIterable<BloodPressureRow>;
  bodyMetrics: AsyncIterable<BodyMetricsRow>;
  appointments: AsyncIterable<AppointmentRow>;
  /** Lab results and insulin doses; absent, none. */
  labs?: AsyncIterable<LabRow>;
  insulin?: AsyncIterable<InsulinRow>;
  /** Meals, as Observations of estimated carbohydrate intake; absent, none. */
  meals?: AsyncIterable<MealExportRow>;
  /** The care circle both ways; only the members of the user's own circle are exported. */
  careCircle?: AsyncIterable<CareCircleRow>;
  /** Imported sensor readings (each device's Device comes before its first reading); absent, none. */
  sensorReadings?: AsyncIterable<SensorRow>;
}

/** Bytes gathered before a chunk is handed to the stream (fewer, larger writes). */
const CHUNK_CHARS = 64 * 1024;

/**
 * The Bundle as JSON text in chunks: the opening, each `entry` as it is mapped, the close.
 * Patient first, then medication statements, administrations (taken doses only),
 * glucose, blood pressure, body metrics and appointments, labs, insulin, then the care circle
 * (RelatedPerson or Practitioner and Consent per member, decision 048).
 */
export async function* fhirBundleChunks(source: BundleSource): AsyncGenerator<string> {
  const { user, zone } = source;
  const language = source.language ?? 'en';
  let buffer = `{"resourceType":"Bundle","type":"collection","timestamp":${JSON.stringify(isoInZone(source.now, zone))},"entry":[`;
  let first = true;
  const add = (resource: Resource & { id?: string | undefined }) => {
    const entry: BundleEntry = { fullUrl: fullUrl(resource.id!), resource };
    buffer += (first ? '' : ',') + JSON.stringify(entry);
    first = false;
  };

  add(toPatient(user));
  const medicines = new Map<string, Pick<MedicationRow, 'name'>>();
  const devices = new Set<string>();
  for await (const row of source.medications) {
    medicines.set(row.id, { name: row.name });
    add(medicationStatement(row, zone));
  }
  const sections: AsyncIterable<Resource[]>[] = [
    map(source.adherence, (row) =>
      row.status === 'taken' ? [medicationAdministration(row, medicines.get(row.medication_id), zone, language)] : [],
    ),
    map(source.glucose, (row) => [glucoseObservation(row, zone, language)]),
    map(source.bloodPressure, (row) => bloodPressureObservations(row, zone)),
    map(source.bodyMetrics, (row) => bodyMetricsObservations(row, zone)),
    map(source.appointments, (row) => [appointment(row, zone, language)]),
    map(source.labs ?? none<LabRow>(), (row) => labObservations(row, user, language)),
    map(source.insulin ?? none<InsulinRow>(), (row) => [
      insulinAdministration(row, medicines.get(row.medication_id ?? ''), zone, language),
    ]),
    map(source.meals ?? none<MealExportRow>(), (row) => [mealObservation(row, zone, language)]),
    map(source.careCircle ?? none<CareCircleRow>(), (row) =>
      row.direction === 'in_my_circle' ? careCircleResources(row, user.id, zone, language) : [],
    ),
    map(source.sensorReadings ?? none<SensorRow>(), (row) => {
      const device = sensorDeviceId(row);
      if (devices.has(device)) return [sensorObservation(row, zone, language)];
      devices.add(device);
      return [sensorDevice(row, language), sensorObservation(row, zone, language)];
    }),
  ];
  for (const section of sections) {
    for await (const resources of section) {
      for (const resource of resources) add(resource);
      if (buffer.length >= CHUNK_CHARS) {
        yield buffer;
        buffer = '';
      }
    }
  }
  yield `${buffer}]}`;
}

async function* none<Row>(): AsyncGenerator<Row> {}

async function* map<Row, Out>(rows: AsyncIterable<Row>, mapper: (row: Row) => Out): AsyncGenerator<Out> {
  for await (const row of rows) yield mapper(row);
}
