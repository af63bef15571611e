/**
 * The guard rails on the labelled training corpora (eval/training/*.tsv, decision 100): every row
 * labelled guard:emergency opens with 112, every guard:dose-change gets a refusal or a safety
 * answer, every guard:missed-dose and guard:extra-dose its safety answer; no other row is taken
 * for an emergency (a number that is not a current reading never is). Rows in Marathi, Gujarati and Punjabi are
 * tested too: the guard rails read their words for forgot, twice, took and unconscious (decision 100).
 */
import { describe, expect, it } from 'vitest';
import { escalationFor, isDoseChangeQuestion } from '../src/modules/assistant/guard-rails.ts';
import { safetyCase } from '../src/modules/assistant/safety.ts';
import { loadCorpora } from '../eval/intent-training.ts';

const rows = loadCorpora();
const labelled = (label: string) => rows.filter((r) => r.label === label);

describe('the guard rails on the training corpora', () => {
  it('every emergency opens with 112', () => {
    const missed = labelled('guard:emergency').filter(
      (r) => escalationFor(r.question) !== 'emergency' && escalationFor(r.question) !== 'self-harm',
    );
    expect(labelled('guard:emergency').length).toBeGreaterThanOrEqual(30);
    expect(missed.map((r) => r.question)).toEqual([]);
  });

  it('every dose change gets the refusal (or a safety answer)', () => {
    const missed = labelled('guard:dose-change').filter(
      (r) => !safetyCase(r.question) && !isDoseChangeQuestion(r.question),
    );
    expect(missed.map((r) => r.question)).toEqual([]);
  });

  it('every missed or extra dose gets its safety answer', () => {
    for (const kind of ['missed-dose', 'extra-dose'] as const) {
      const missed = labelled(`guard:${kind}`).filter((r) => safetyCase(r.question) !== kind);
      expect(missed.map((r) => r.question)).toEqual([]);
    }
  });

  it('no other question is taken for an emergency', () => {
    const others = rows.filter((r) => !r.label.startsWith('guard:'));
    expect(others.length).toBeGreaterThan(2000);
    expect(others.filter((r) => escalationFor(r.question) === 'emergency').map((r) => r.question)).toEqual([]);
  });
});
