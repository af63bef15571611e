/**
 * Sensor import parsing at scale: 10 years of 5-minute Dexcom Clarity readings
 * (1,051,200 rows, ~80 MB) generated on the fly and streamed through the real parser; reports
 * readings, time and the peak resident memory, against the RSS before the run.
 */
import { openSensorFile } from '../../apps/server/src/modules/imports/parsers/sensor-file.ts';

const DAYS = Number(process.env.IMPORT_DAYS ?? 3650);
const PER_DAY = 288;
const HEADER =
  'Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type,Event Subtype,Patient Info,Device Info,Source Device ID,Glucose Value (mg/dL),Insulin Value (u)\n';

/** The file, 1,000 rows a chunk, as an upload would arrive. */
async function* clarityFile(): AsyncGenerator<Buffer> {
  yield Buffer.from(HEADER);
  const start = Date.UTC(2016, 0, 1);
  let rows: string[] = [];
  for (let index = 0; index < DAYS * PER_DAY; index++) {
    const stamp = new Date(start + index * 300_000).toISOString().slice(0, 19);
    rows.push(`${index + 1},${stamp},EGV,,,,G7 App,${80 + (index % 120)},`);
    if (rows.length === 1000) {
      yield Buffer.from(`${rows.join('\n')}\n`);
      rows = [];
    }
  }
  if (rows.length) yield Buffer.from(rows.join('\n'));
}

const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const started = performance.now();
const file = await openSensorFile(clarityFile(), 'Asia/Kolkata');
let readings = 0;
for await (const _reading of file.readings) readings++;
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
console.log(`format ${file.format}: ${readings} readings (${DAYS} days) in ${seconds.toFixed(1)} s`);
console.log(`RSS before ${mb(before)} MB, peak ${mb(peak)} MB (+${mb(peak - before)} MB)`);
