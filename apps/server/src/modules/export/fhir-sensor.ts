/**
 * FHIR R4 for imported sensor readings (decision 053): each reading an Observation in
 * mg/dL that names its sensor, each (source, serial) one Device. LOINC per docs/decisions/053-*.md.
 */
import type { Device, Observation } from '@medplum/fhirtypes';
import type { SensorRow } from './export.repository.ts';
import { category, derivedUuid, fullUrl, loinc, LOINC_CODES, patientReference, quantity } from './fhir-primitives.ts';
import { isoInZone } from '@diacare/contract/dates';
import { t, type Language } from '../../i18n/index.ts';

/**
 * Glucose in interstitial fluid, the CGM counterpart of 2339-0 (Glucose [Mass/volume] in
 * Blood) that manual readings carry: same property and unit (mg/dL), the sensor's specimen.
 */
export const CGM_GLUCOSE = { code: '99504-3', display: 'Glucose [Mass/volume] in Interstitial fluid' } as const;

const SOURCE_NAMES: Record<string, string> = {
  libreview: 'FreeStyle Libre (LibreView export)',
  dexcom: 'Dexcom (Clarity export)',
  nightscout: 'Nightscout',
};

/** The Device's id for the user's `source`/`serial` pair: stable across exports. */
export const sensorDeviceId = (row: Pick<SensorRow, 'user_id' | 'source' | 'device_serial'>) =>
  derivedUuid(row.user_id, `device:${row.source}:${row.device_serial}`);

/** The sensor (or meter, for strip readings) a reading came from, as a Device of the patient; its type in `language`. */
export function sensorDevice(row: SensorRow, language: Language = 'en'): Device {
  const name = SOURCE_NAMES[row.source] ?? row.source;
  return {
    resourceType: 'Device',
    id: sensorDeviceId(row),
    status: 'active',
    ...(row.device_serial ? { serialNumber: row.device_serial } : {}),
    deviceName: [{ name: row.device_serial ? `${name} ${row.device_serial}` : name, type: 'user-friendly-name' }],
    type: { text: t(language, 'export.fhir.device', { kind: row.kind === 'strip' ? 'strip' : 'sensor' }) },
    patient: patientReference(row.user_id),
  };
}

/** 'Imported from …' by language and source, rendered once each: a file may hold a million readings. */
const importedFromTexts = new Map<string, string>();
function importedFrom(language: Language, source: string): string {
  const key = `${language}\u0000${source}`;
  let text = importedFromTexts.get(key);
  if (text === undefined) {
    text = t(language, 'export.fhir.imported_from', { source: SOURCE_NAMES[source] ?? source });
    importedFromTexts.set(key, text);
  }
  return text;
}

/**
 * An imported reading as an Observation at its instant (in the user's zone), in mg/dL, with
 * its Device. A sensor's Low/High is the device's limit with comparator '<' or '>'.
 * A finger-stick ('strip') reading is blood glucose (2339-0); sensor and scan readings 99504-3.
 */
export function sensorObservation(row: SensorRow, zone: string, language: Language = 'en'): Observation {
  const comparator = row.flag === 'low' ? '<' : row.flag === 'high' ? '>' : undefined;
  return {
    resourceType: 'Observation',
    id: row.id,
    status: 'final',
    category: category('laboratory'),
    code: loinc(row.kind === 'strip' ? LOINC_CODES.glucose : CGM_GLUCOSE),
    subject: patientReference(row.user_id),
    effectiveDateTime: isoInZone(row.measured_at, zone),
    valueQuantity: { ...quantity(row.value, 'mg/dL'), ...(comparator ? { comparator } : {}) },
    device: { reference: fullUrl(sensorDeviceId(row)) },
    note: [{ text: importedFrom(language, row.source) }],
  };
}
