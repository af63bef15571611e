/**
 * `npx tsx apps/server/eval/first-sight.ts /work/…/roundN.tsv [--as en|hi]`: asks every question
 * of a first-sight set (tsv: language, kind, question, expected) of the seeded English-profile
 * user (or `--as hi`) and prints each answer beside its expected fact, for a person to judge.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { askOverHttp, createEvalWorld } from './assistant-eval.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { as: { type: 'string', default: 'en' } },
});
const file = positionals[0];
if (!file) throw new Error('usage: first-sight.ts <set.tsv> [--as en|hi]');
const rows = readFileSync(file, 'utf8')
  .split('\n')
  .slice(1)
  .filter((line) => line.trim())
  .map((line) => {
    const [language, kind, question, expected] = line.split('\t');
    return { language, kind, question: question!, expected };
  });
const world = await createEvalWorld();
try {
  const { user } = world.users[values.as === 'hi' ? 'hi' : 'en'];
  for (const [i, row] of rows.entries()) {
    const { answer } = await askOverHttp(world.base, user, row.question);
    console.log(`#${i + 1} [${row.language}/${row.kind}] ${row.question}`);
    console.log(`  expected: ${row.expected}`);
    console.log(`  answer:   ${answer.content.replace(/\n+/g, ' ⏎ ')}\n`);
  }
} finally {
  await world.close();
}
