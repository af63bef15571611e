/**
 * Readings added after first-sight rounds 12 and 13 (apps/server/eval/first-sight.md): a medicine
 * name with a typing slip is that medicine for the guard rails ('glimepride'), a nasal before a
 * consonant of its class is the anusvara ('बन्द' = 'बंद'), 'शूगर' is sugar, 'since he joined' and
 * 'जब से ऐप चालू किया' are all the data, two meal contexts without a glucose word are readings, and
 * the rules' own reading of missed doses or lows over a named period is not outvoted.
 */
import { describe, expect, it } from 'vitest';
import { isDoseChangeQuestion } from '../src/modules/assistant/guard-rails.ts';
import { medicineSpelling } from '../src/modules/assistant/medicine-spelling.ts';
import { normaliseSpelling } from '../src/modules/assistant/language.ts';
import { routeQuestion } from '../src/modules/assistant/learned-route.ts';
import { understand } from '../src/modules/assistant/understanding.ts';
import { SEED_TODAY } from './support/assistant-seed.ts';

const read = (q: string) => understand(q, SEED_TODAY, ['Metformin', 'Glimepiride']);

describe('rounds 12 and 13', () => {
  it('reads a medicine name with a slip as the medicine, and only then', () => {
    expect(medicineSpelling('glimepride')).toBe('glimepiride');
    expect(medicineSpelling('metfromin')).toBe('metformin');
    expect(medicineSpelling('ग्लिमीपिराइड')).toBe('ग्लिमेपिराइड');
    for (const word of ['important', 'informing', 'medicine', 'morning', 'exercise']) {
      expect(medicineSpelling(word)).toBe(word);
    }
    expect(isDoseChangeQuestion('2 lows this wk. can we just stop his glimepride')).toBe(true);
  });

  it('spells a nasal before a consonant of its class as the anusvara', () => {
    expect(normaliseSpelling('बन्द')).toBe(normaliseSpelling('बंद'));
    expect(normaliseSpelling('ठण्डा')).toBe(normaliseSpelling('ठंडा'));
    // Not before another class, nor doubled: 'अन्य', 'अन्न' stay.
    expect(normaliseSpelling('अन्य')).toBe('अन्य');
    expect(normaliseSpelling('अन्न')).toBe('अन्न');
    expect(isDoseChangeQuestion('परसों सुबह शुगर 64 आ गया था, ग्लिमीपिराइड बन्द कर दूँ क्या या आधी कर दूँ')).toBe(true);
  });

  it('reads sugar spelt शूगर, "since he joined" as all the data, and two meal contexts as readings', () => {
    expect(read('कल मेरा शूगर कितना आया था तीनो बार का बताइये')).toMatchObject({ subject: 'glucose' });
    expect(read('how many hypos has he had since he joined the app and when').period.kind).toBe('all');
    expect(read('जब से ऐप चालू किया है शुगर कितनी बार बहुत कम हुई').period.kind).toBe('all');
    expect(read('fasting vs post lunch which one is worse for him')).toMatchObject({
      subject: 'glucose',
      meals: ['fasting', 'after'],
    });
  });

  it("reads 'ever', 'कभी' as all the data, 'this mrng' as today, and a day's readings with no day as today's", () => {
    expect(read('पापा की शुगर कभी 70 से नीचे गई है क्या, बेटी पूछ रही हूं').period.kind).toBe('all');
    expect(read('has my sugar ever gone below 70').period.kind).toBe('all');
    expect(read('whats my sugar this mrng').period.kind).toBe('today');
    const route = routeQuestion('sugar kaisi thi subah wali', read('sugar kaisi thi subah wali'), SEED_TODAY);
    if (route.kind === 'data' && route.understood.measure === 'onDay')
      expect(route.understood.period.kind).toBe('today');
  });

  it('keeps the rules’ reading of missed doses and of lows over a named period', () => {
    // The rules answer, or the learned class agrees on the subject.
    const subjectOf = (q: string) => {
      const route = routeQuestion(q, read(q), SEED_TODAY);
      return route.kind === 'rules' ? read(q).subject : route.kind === 'data' ? route.understood.subject : route.kind;
    };
    expect(subjectOf('how many tabs has he missed since he started using the app')).toBe('doses');
    expect(subjectOf('जब से ऐप चालू किया है शुगर कितनी बार बहुत कम हुई')).toBe('glucose');
    // An education question with a day in it keeps its article.
    const sick =
      "I have fever and cold since yesterday and don't feel like eating. How do I manage my diabetes on a sick day?";
    expect(routeQuestion(sick, read(sick), SEED_TODAY)).toMatchObject({ kind: 'article', id: 'sick-days' });
  });
});
