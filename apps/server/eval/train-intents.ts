/**
 * `npm run train:assistant`: trains the learned intent step (decision 082) on the labelled eval
 * questions, the intent example phrasings and the articles, and writes its weights to
 * src/modules/assistant/intent-weights.json. Deterministic: the same inputs give the same file.
 */
import { writeFileSync } from 'node:fs';
import { storeModel, train } from '../src/modules/assistant/intent-model.ts';
import { trainingExamples } from './intent-training.ts';

/** The stored model's JSON text for the current training set. */
export function trainedModelJson(): string {
  const stored = storeModel(train(trainingExamples()));
  const lines = Object.entries(stored.features).map(([f, row]) => `${JSON.stringify(f)}:${JSON.stringify(row)}`);
  return `{"classes":${JSON.stringify(stored.classes)},\n"features":{\n${lines.join(',\n')}\n}}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const json = trainedModelJson();
  writeFileSync(new URL('../src/modules/assistant/intent-weights.json', import.meta.url), json);
  console.log(`intent-weights.json: ${Math.round(json.length / 1024)} kB`);
}
