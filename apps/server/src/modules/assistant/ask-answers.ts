/**
 * The other things a question asks beside what the engine answered (decision 112): each clause's ask
 * about the person's own records (ask-clauses.ts) answered by the rules' answers or its summary tool,
 * and a stated glucose value asked to be judged (reading-judgement.ts), added as paragraphs the answer
 * does not already hold.
 */
import { DEFAULT_GLUCOSE_UNIT } from '@diacare/contract/glucose-units';
import { localDate } from '@diacare/contract/dates';
import type { EngineAnswer, EngineRequest } from './assistant.types.ts';
import { sourceOf, type KnowledgeBase } from '../knowledge/knowledge.ts';
import type { Language } from '../../i18n/index.ts';
import { visitKindAsked } from './answer-rules.ts';
import { periodDays, type Answers } from './answers.ts';
import { otherAsks, type Ask } from './ask-clauses.ts';
import type { InsightAnswers } from './insight-answers.ts';
import type { Intent } from './intents.ts';
import { periodPhrase } from './phrases.ts';
import { readingJudgement, statedReading } from './reading-judgement.ts';
import type { AssistantTools, PeriodDays, ToolResult } from './tools.ts';
import type { Understanding } from './understanding.ts';

/** Binds the asks' answers to the engine's tools, answers, insights and knowledge bases. */
export function createAskAnswers({
  tools,
  answers,
  insights,
  knowledge,
}: {
  tools: AssistantTools;
  answers: Answers;
  insights: InsightAnswers;
  knowledge: (language: Language) => KnowledgeBase;
}) {
  /** One summary tool over `period` days, adherence from `since` when given. */
  async function runTool(
    name: Intent['tools'][number],
    context: EngineRequest['context'],
    period: PeriodDays,
    since?: { from: string; to: string; words: string },
  ): Promise<ToolResult> {
    if (name === 'todaysDoses' || name === 'refills' || name === 'nextAppointment') return tools[name](context);
    if (name === 'adherence') return tools.adherence(context, period, since);
    return tools[name](context, period);
  }

  /**
   * The answer to `question`, and to each other thing it asks about the person's own records
   * ('TIR last 10d? also # highs'; ask-clauses.ts, decision 112) that the answer does not already hold.
   * `whole` is the question as understand() read it for the user taking `medicines`.
   */
  async function withOtherAsks(
    request: EngineRequest,
    main: EngineAnswer,
    whole: Understanding,
    medicines: readonly string[],
  ): Promise<EngineAnswer> {
    const { question, context } = request;
    const today = localDate(context.now, context.zone);
    // Two periods of glucose or blood pressure compared ('9-15 nov vs 16-20 nov') are one answer, not one per clause.
    const compared = whole.comparedWith && (whole.subject === 'glucose' || whole.subject === 'bp');
    // Beside a comparison, only what it does not answer: another measure ('और सबसे कम कब थी'), thing or period.
    const comparedAsk = (ask: Understanding) =>
      ask.subject === whole.subject &&
      ['summary', 'average', 'trend', 'onDay'].includes(ask.measure) &&
      [whole.period, whole.comparedWith].some((p) => p && p.from === ask.period.from && p.to === ask.period.to);
    const asks = otherAsks(question, whole, today, medicines).filter((ask) => !(compared && comparedAsk(ask)));
    const stated = statedReading(question, whole);
    if (asks.length === 0 && stated === null) return main;
    const language = context.language ?? 'en';
    const texts = [main.text];
    const links = [...main.links];
    const sources = [...main.sources];
    for (const ask of asks) {
      const result = await answerAsk(ask, context, language);
      // Each paragraph once: two asks may share a supporting line (pills left, refills due); each screen
      // linked once ("Glucose history" for 7 and for 30 days is one link).
      const fresh = result?.text.split('\n\n').filter((part) => !texts.some((text) => text.includes(part))) ?? [];
      if (!result || fresh.length === 0) continue;
      texts.push(fresh.join('\n\n'));
      links.push(...result.links.filter((l) => !links.some((k) => k.href === l.href || k.label === l.label)));
    }
    if (stated !== null) {
      // 'fasting was 189 this morning. is that bad?': the value against the goals, with the targets article's source.
      const judged = readingJudgement(stated, whole.meal, context.glucoseUnit ?? DEFAULT_GLUCOSE_UNIT, language);
      const article = knowledge(language).article('glucose-targets', '');
      texts.push(judged);
      if (article && !sources.some((s) => s.title === sourceOf(article).title)) sources.push(sourceOf(article));
    }
    return { ...main, text: texts.join('\n\n'), links, sources };
  }

  /** One ask about the person's records (an Understanding with its subject): the specific answer, else its summary tool. */
  async function answerAsk(u: Ask, context: EngineRequest['context'], language: Language): Promise<ToolResult | null> {
    if (u.subject === 'appointment') {
      // 'अगला टेस्ट कब है', 'when do i test again': the next lab visit.
      const kind = visitKindAsked(u.clause) ?? (/\btest\b|टेस्ट|जांच|जाँच/u.test(u.clause) ? 'lab' : null);
      return tools.nextAppointment(context, kind === 'lab' || kind === 'doctor' ? kind : undefined);
    }
    // Pills left are answered with the day they run out, as the learned route answers them.
    if (u.subject === 'refill') return answers.answer({ ...u, measure: 'runOut' }, context);
    const specific = (await insights.answer(u, context)) ?? (await answers.answer(u, context));
    if (specific) return specific;
    const [name] = summaryTools(u);
    if (!name) return null;
    const since =
      u.periodNamed && u.period.kind !== 'all'
        ? { from: u.period.from, to: u.period.to, words: periodPhrase(language, u.period) }
        : undefined;
    return runTool(name, context, periodDays(u.period), since);
  }

  return { withOtherAsks, runTool };
}

/** The summary tool of a subject the vocabulary placed but readIntent did not (Hinglish, a named day). */
export function summaryTools(u: Understanding): Intent['tools'] {
  if (u.subject === 'glucose') return ['glucose'];
  if (u.subject === 'bp') return ['bloodPressure'];
  if (u.subject === 'weight') return ['weight'];
  if (u.subject === 'appointment') return ['nextAppointment'];
  if (u.subject === 'refill') return ['refills'];
  if (u.subject === 'doses') return u.period.kind === 'today' || !u.periodNamed ? ['todaysDoses'] : ['adherence'];
  return [];
}
