/**
 * `npm run eval:assistant [-- --group safety] [--variety hinglish] [--answers]`: accuracy per
 * group and language, false emergencies, first-answer p50/p95, and every miss.
 */
import { parseArgs } from 'node:util';
import { accuracy, createEvalWorld, loadQuestions, percentile, runEval, type Result } from './assistant-eval.ts';

const { values: options } = parseArgs({
  options: { group: { type: 'string' }, variety: { type: 'string' }, answers: { type: 'boolean', default: false } },
});
const questions = loadQuestions().filter(
  (q) => (!options.group || q.group === options.group) && (!options.variety || q.variety === options.variety),
);
const log = (line = '') => console.log(line);
const row = (name: string, results: readonly Result[]) =>
  `${name.padEnd(14)} ${String(results.filter((r) => r.ok).length).padStart(4)}/${String(results.length).padEnd(4)} ${accuracy(results).toFixed(1).padStart(6)} %`;

const world = await createEvalWorld();
try {
  const results = await runEval(world, questions);
  log(`Assistant evaluation: ${results.length} questions (seeded user, PGlite, built-in engine)\n`);
  for (const group of ['data', 'education', 'safety', 'emergency', 'dose-change', 'out-of-scope'] as const) {
    log(
      row(
        group,
        results.filter((r) => r.group === group),
      ),
    );
  }
  log();
  for (const variety of ['en', 'hi', 'hinglish'] as const)
    log(
      row(
        variety,
        results.filter((r) => r.variety === variety),
      ),
    );
  log();
  log(row('overall', results));
  const pending = results.filter((r) => !r.ok && r.reason.includes('not in the knowledge base'));
  if (pending.length) {
    const rest = results.filter((r) => !pending.includes(r));
    log(`${row('without pending', rest)}   (${pending.length} questions name articles not shipped yet)`);
  }
  log(`false emergencies: ${results.filter((r) => r.falseEmergency).length}`);
  const times = results.map((r) => r.firstDeltaMs);
  log(
    `first answer (time to first words): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
  );
  const misses = results.filter((r) => !r.ok);
  if (misses.length) log(`\nMisses (${misses.length}):`);
  for (const miss of misses) {
    log(
      `- [${miss.group}/${miss.variety}] ${miss.question}  →  ${miss.falseEmergency ? 'FALSE EMERGENCY; ' : ''}${miss.reason}`,
    );
    if (options.answers) log(`    ${miss.answer.replace(/\n+/g, ' ').slice(0, 220)}`);
  }
} finally {
  await world.close();
}
