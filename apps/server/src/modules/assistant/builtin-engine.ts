/**
 * The built-in engine, no network and no model: a question about the user's data is answered
 * by the data tools it names (intents.ts), one about living with diabetes by an excerpt of the
 * best knowledge-base article with its source, anything else by a list of what it can do.
 * Decision 038.
 */
import { BUILTIN_ASSISTANT_NAME } from '@diacare/contract/assistant';
import type { AssistantEngine, EngineAnswer, EngineRequest } from './assistant.types.ts';
import { quoteArticle, sourceOf, type KnowledgeBase } from '../knowledge/knowledge.ts';
import { VOCABULARY, hasPhrase, passageAsks, passageQuery, readWords, withKnowledgeTerms } from './lexicon.ts';
import { t, type Language } from '../../i18n/index.ts';
import {
  articleForLow,
  articleForToldReading,
  asksBpGoal,
  asksDoseTime,
  asksLabResultToo,
  asksScheduleList,
  asksWhatToBring,
  doubtsStrength,
  foodTimingArticle,
  isOffTopic,
  namesNothingInScope,
  shortFormTool,
  visitKindAsked,
  asksLabGoal,
} from './answer-rules.ts';
import { savedStrength } from './dose-change-answer.ts';
import { scheduleAnswer } from './schedule-answer.ts';
import { escalationFor } from './guard-rails.ts';
import { mentionedGlucose, oldReportGlucose } from './told-glucose.ts';
import { formatGlucose } from '@diacare/contract/glucose-units';
import { knowledgeAnswer, periodPhrase, quotedArticle } from './phrases.ts';
import { linksFor, type AssistantTools, type ToolResult } from './tools.ts';
import { localDate } from '@diacare/contract/dates';
import { periodDays, type Answers } from './answers.ts';
import { createAskAnswers, summaryTools } from './ask-answers.ts';
import { understand, type Understanding } from './understanding.ts';
import { isGeneralQuestion, readIntent } from './intents.ts';
import { chunks } from './sentences.ts';
import { wordsOf } from './language.ts';
import { ALL_TIME, routeQuestion } from './learned-route.ts';
import { readThreshold } from './learned-intent.ts';
import type { InsightAnswers } from './insight-answers.ts';

/** The honest answer to a question the engine cannot place, in English (`assistant.capabilities`). */
export const CAPABILITIES = t('en', 'assistant.capabilities');

/** The lowest MiniSearch score that counts as a match (below it, the question is not placed). */
const MIN_KNOWLEDGE_SCORE = 2;

export function createBuiltinEngine({
  tools,
  answers,
  insights,
  knowledge,
}: {
  /** Counts over a number, lists, trends, BP against its goal, weight change, BMI band (decision 082). */
  insights: InsightAnswers;
  tools: AssistantTools;
  /** The specific answers (highest, N days ago, missed per medicine, run-out date). */
  answers: Answers;
  /** The knowledge base of each language. */
  knowledge: (language: Language) => KnowledgeBase;
}) {
  const engine: AssistantEngine & { knowledge: (language: Language) => KnowledgeBase } = {
    name: BUILTIN_ASSISTANT_NAME,
    knowledge,
    async answer(request: EngineRequest, onDelta: (text: string) => void): Promise<EngineAnswer> {
      const answer = await compose(request);
      for (const part of chunks(answer.text)) onDelta(part);
      return answer;
    },
  };

  let articleWords: string[] | null = null;
  /** The knowledge base's keywords and titles in both languages: words of subjects the assistant covers. */
  const covered = () =>
    (articleWords ??= [
      ...new Set(
        (['en', 'hi'] as const)
          .flatMap((l) => knowledge(l).articles.flatMap((a) => [...a.keywords.split(','), a.title]))
          .map((phrase) => wordsOf(phrase).join(' '))
          .filter(Boolean),
      ),
    ]);

  const asks = createAskAnswers({ tools, answers, insights, knowledge });
  /** The question read once (its medicines from the database once), answered, then its other asks. */
  const compose = async (request: EngineRequest) => {
    const medicines = await tools.medicineNames(request.context);
    const read = understand(request.question, localDate(request.context.now, request.context.zone), medicines);
    return asks.withOtherAsks(request, await composeOne(request, read), read, medicines);
  };
  const runTool = asks.runTool;

  async function composeOne({ question, context }: EngineRequest, read: Understanding): Promise<EngineAnswer> {
    /**
     * 'avg kya h aur sabse kam kitni thi', 'average this week and the highest': the average, highest
     * or lowest over the same period when the question names it beside the measure answered, for
     * glucose or blood pressure.
     */
    const alsoAsked = async (u: Understanding): Promise<string[]> => {
      if (u.subject !== 'glucose' && u.subject !== 'bp') return [];
      const words = readWords(question);
      const asked = (['average', 'highest', 'lowest'] as const).filter(
        (m) =>
          m !== u.measure && !(m === 'average' && u.measure === 'summary') && hasPhrase(words, VOCABULARY.measures[m]),
      );
      const texts: string[] = [];
      for (const measure of asked) {
        const extreme = await answers.answer({ ...u, measure }, context);
        if (extreme) texts.push(extreme.text);
      }
      return texts;
    };
    const today = localDate(context.now, context.zone);
    const language = context.language ?? 'en';
    /**
     * The article `id`: the passage the question matched first (passageQuery: 'how often' and 'what
     * to do' pick the passage that answers them), then the rest that fits (`quoteArticle`), and its key
     * fact (its tip) when not all of it did; for 'what to do', also its sentence on when to call 112.
     */
    const articleAnswer = (id: string, query = passageQuery(question)): EngineAnswer | null => {
      const article = knowledge(language).article(id, query);
      if (!article) return null;
      const source = sourceOf(article);
      const quoted = quoteArticle(article);
      let text =
        article.tip && !quoted.whole && !quoted.text.includes(article.tip)
          ? `${quoted.text} ${article.tip}`
          : quoted.text;
      const urgent = passageAsks(question, 'whatToDo') ? urgentSentence(article.passages) : null;
      if (urgent && !text.includes(urgent)) text += ` ${urgent}`;
      return {
        text: knowledgeAnswer(language, { title: article.title, excerpt: text, source }),
        links: [],
        sources: [source],
        engine: BUILTIN_ASSISTANT_NAME,
      };
    };
    // The slot rules that read a question for sure come before the learned step (answer-rules.ts).
    if (isOffTopic(question)) {
      return { text: t(language, 'assistant.out_of_scope'), links: [], sources: [], engine: BUILTIN_ASSISTANT_NAME };
    }
    const old = oldReportGlucose(question);
    if (old) {
      // 'purani report me sugar 350 likha h 2023 wali': a result from then, set against the latest reading.
      const latest = await tools.latestGlucose(context);
      const value = formatGlucose(old.value, context.glucoseUnit ?? 'mg/dL');
      const said = old.year
        ? t(language, 'assistant.old_report.dated', { value, year: old.year })
        : t(language, 'assistant.old_report.undated', { value });
      const text = `${said} ${latest.text} ${t(language, 'assistant.old_report.check')}`;
      return { text, links: latest.links, sources: [], engine: BUILTIN_ASSISTANT_NAME };
    }
    if (asksBpGoal(question, read)) {
      const judged = await insights.bpGoal(read, context);
      const article = knowledge(language).article('blood-pressure', '');
      if (judged) {
        return {
          text: judged.text,
          links: judged.links,
          sources: article ? [sourceOf(article)] : [],
          engine: BUILTIN_ASSISTANT_NAME,
        };
      }
    }
    if (doubtsStrength(question, read)) {
      // 'glimepiride 500 mg, isnt that a lot': the strength as saved, to check (decision 101).
      const saved = (await tools.medicineStrengths(context)).find((m) => m.name === read.medicine);
      if (saved) {
        const links = [linksFor(language).medications];
        return { text: savedStrength(saved, language), links, sources: [], engine: BUILTIN_ASSISTANT_NAME };
      }
    }
    const short = shortFormTool(question);
    if (short) {
      const result =
        short === 'refills'
          ? await answers.answer({ ...read, aboutMe: true, subject: 'refill', measure: 'runOut' }, context)
          : await tools[short](context, 7);
      // 'bmi?': the weight line and the BMI's band (decision 082's weight.bmi answer).
      const band =
        short === 'weight' && hasPhrase(readWords(question), VOCABULARY.concepts.bmi)
          ? await insights.answer({ ...read, aboutMe: true, subject: 'weight', measure: 'bmi' }, context)
          : null;
      const text = band && result ? `${result.text}\n\n${band.text}` : result?.text;
      if (result && text) return { text, links: result.links, sources: [], engine: BUILTIN_ASSISTANT_NAME };
    }
    const timing = foodTimingArticle(question, read);
    const timed = timing ? articleAnswer(timing) : null;
    if (timed) return timed;
    const told = articleForToldReading(question, mentionedGlucose(question));
    const toldAnswer = told ? articleAnswer(told) : null;
    if (toldAnswer) return toldAnswer;
    // 'a1c trend?': a lab test's trend is the person's results, their direction and the next test booked.
    const labTrend = read.subject === 'labs' && read.measure === 'trend';
    // 'what hba1c should i aim for': the goal from the test's article, not the person's results.
    const goal = asksLabGoal(question, read) ? articleAnswer('hba1c', 'goal under 7% goal') : null;
    if (goal) return goal;
    const visit = visitKindAsked(question) ?? (labTrend ? 'lab' : null);
    if (visit === 'both') {
      const [doctor, lab] = await Promise.all([
        tools.nextAppointment(context, 'doctor'),
        tools.nextAppointment(context, 'lab'),
      ]);
      return {
        text: `${doctor.text}\n\n${lab.text}`,
        links: [...doctor.links, ...lab.links],
        sources: [],
        engine: BUILTIN_ASSISTANT_NAME,
      };
    }
    if (visit) {
      // 'hba1c test kab hai', 'डॉक्टर के पास कितने दिन बाद जाना है': the next visit of that kind (decision 101).
      const next = await tools.nextAppointment(context, visit);
      // 'HbA1c trend pls, and when is the next one due': the results and their direction first.
      const labs =
        visit === 'lab' && (labTrend || asksLabResultToo(question))
          ? await answers.answer({ ...read, aboutMe: true, subject: 'labs', labTest: read.labTest ?? 'hba1c' }, context)
          : null;
      const direction = labs ? await insights.labDirection(context, read.labTest ?? 'hba1c') : '';
      const text = labs ? `${labs.text}${direction ? ` ${direction}` : ''}\n\n${next.text}` : next.text;
      return { text, links: [...(labs?.links ?? []), ...next.links], sources: [], engine: BUILTIN_ASSISTANT_NAME };
    }
    // 'rajma chawal ke baad kitna badha': the newest meal with that food and its rise (decision 102).
    const byFood = ['bp', 'weight', 'appointment', 'labs', 'insulin'].includes(read.subject ?? '')
      ? null
      : await answers.mealByFood(question, context);
    if (byFood) return { text: byFood.text, links: byFood.links, sources: [], engine: BUILTIN_ASSISTANT_NAME };
    // 'weight since I joined', 'oct end me weight kitna tha': that entry against the latest (insight-answers.ts).
    const weightThen = await insights.weightThenNow(read, context);
    if (weightThen)
      return { text: weightThen.text, links: weightThen.links, sources: [], engine: BUILTIN_ASSISTANT_NAME };
    if (read.comparedWith && read.subject === 'bp') {
      // 'bp avg nov vs oct': the two periods' averages (decision 112).
      const compared = await insights.bpCompared(read, context);
      if (compared) return { text: compared.text, links: compared.links, sources: [], engine: BUILTIN_ASSISTANT_NAME };
    }
    if (read.comparedWith && (read.subject === 'glucose' || (read.subject === null && read.meal))) {
      // 'fasting better in October or November': the two months' averages, the lows of the later (decision 101).
      const months = await insights.answer({ ...read, aboutMe: true, subject: 'glucose', measure: 'trend' }, context);
      if (months) return { text: months.text, links: months.links, sources: [], engine: BUILTIN_ASSISTANT_NAME };
    }
    if (read.subject === 'glucose' && read.meals.length > 1 && !isGeneralQuestion(readWords(question).padded)) {
      // 'fasting wali jyada rehti h ya khane ke baad wali': each meal's average side by side, over the
      // period named, else the default last 7 days.
      const both = await answers.answer({ ...read, aboutMe: true, measure: 'average' }, context);
      if (both) return { text: both.text, links: both.links, sources: [], engine: BUILTIN_ASSISTANT_NAME };
    }
    const bpLimit = read.subject === 'bp' ? readThreshold(question) : null;
    if (bpLimit && bpLimit.value >= 40) {
      // 'bp kabhi 140 se upar gaya kya': yes or no, with the highest reading (all data unless a period is named).
      const period = read.periodNamed ? read.period : ALL_TIME(today);
      const threshold = { ...bpLimit, mgDl: true };
      const answer = await insights.answer(
        { ...read, aboutMe: true, measure: 'threshold', threshold, period },
        context,
      );
      if (answer) return { text: answer.text, links: answer.links, sources: [], engine: BUILTIN_ASSISTANT_NAME };
    }
    if (asksDoseTime(question, read) || asksScheduleList(question, read)) {
      const schedule = await scheduleAnswer(read, context, tools);
      return { text: schedule.text, links: schedule.links, sources: [], engine: BUILTIN_ASSISTANT_NAME };
    }
    const route = routeQuestion(question, read, today);
    // 'मेरी pension की file कहाँ तक पहुँची': no word of what the assistant covers, and nothing read as the person's data.
    if (route.kind !== 'data' && !readIntent(question).tools.length && namesNothingInScope(question, read, covered()))
      return { text: t(language, 'assistant.out_of_scope'), links: [], sources: [], engine: BUILTIN_ASSISTANT_NAME };
    if (route.kind === 'other')
      return { text: t(language, 'assistant.capabilities'), links: [], sources: [], engine: BUILTIN_ASSISTANT_NAME };
    if (route.kind === 'article') {
      const answer = articleAnswer(
        articleForLow(route.id, mentionedGlucose(question), escalationFor(question) === 'hypo'),
      );
      if (answer) return answer;
    }
    const learned = route.kind === 'data';
    const understood = learned ? route.understood : read;
    const intent = learned ? { tools: route.tool ? [route.tool] : [], period: 7 as const } : readIntent(question);
    if (learned && !route.tool) {
      const insight = await insights.answer(understood, context);
      if (insight) {
        const extra =
          understood.subject === 'weight' && understood.measure === 'bmi' ? await tools.weight(context, 7) : null;
        return {
          text: extra ? `${extra.text}\n\n${insight.text}` : insight.text,
          links: [...insight.links, ...(extra?.links ?? [])],
          sources: [],
          engine: BUILTIN_ASSISTANT_NAME,
        };
      }
    }
    const specific = route.kind === 'data' && route.tool ? null : await answers.answer(understood, context);
    if (specific) {
      const direction =
        understood.subject === 'labs' ? await insights.labDirection(context, understood.labTest ?? 'hba1c') : '';
      const alsoAnswered = await alsoAsked(understood);
      const text = [direction ? `${specific.text} ${direction}` : specific.text, ...alsoAnswered].join('\n\n');
      return { text, links: specific.links, sources: [], engine: BUILTIN_ASSISTANT_NAME };
    }
    const toolNames = intent.tools.length > 0 ? intent.tools : understood.aboutMe ? summaryTools(understood) : [];
    if (toolNames.length > 0) {
      const period = understood.periodNamed ? periodDays(understood.period) : intent.period;
      // 'this month' (since the 1st), 'since 10 Nov', 'last 14 days': adherence over that period, not 7 or 30 days.
      const since =
        understood.periodNamed &&
        understood.period.kind !== 'all' &&
        (understood.period.kind === 'since' || understood.period.days !== period || understood.period.to !== today)
          ? { from: understood.period.from, to: understood.period.to, words: periodPhrase(language, understood.period) }
          : undefined;
      const results: ToolResult[] = [];
      const sources: EngineAnswer['sources'] = [];
      for (const name of toolNames) results.push(await runTool(name, context, period, since));
      const parts = results.map((result) => result.text);
      if (toolNames.includes('nextAppointment') && asksWhatToBring(question)) {
        // 'which reports should we take': the check-ups article's passage on the doctor report.
        const bring = articleAnswer('check-ups', passageQuery(question, 'visitBring'));
        if (bring) parts.push(bring.text);
        sources.push(...(bring?.sources ?? []));
      }
      return {
        text: parts.join('\n\n'),
        links: results.flatMap((result) => result.links),
        sources,
        engine: BUILTIN_ASSISTANT_NAME,
      };
    }
    const [best] = knowledge(language).search(withKnowledgeTerms(question), 1);
    if (best && best.score >= MIN_KNOWLEDGE_SCORE) {
      // The article is ranked on the question; its passage is picked by the aspect asked too (passageQuery).
      const article = knowledge(language).article(best.article.id, passageQuery(question)) ?? best.article;
      return {
        text: quotedArticle(language, article),
        links: [],
        sources: [sourceOf(article)],
        engine: BUILTIN_ASSISTANT_NAME,
      };
    }
    return { text: t(language, 'assistant.capabilities'), links: [], sources: [], engine: BUILTIN_ASSISTANT_NAME };
  }

  return engine;
}

/** The first sentence of `passages` that says when to call 112 (an article's urgent-care sentence), or null. */
function urgentSentence(passages: readonly string[]): string | null {
  for (const passage of passages) {
    const sentence = (passage.match(/[^.!?।]+[.!?।]+(\s|$)/g) ?? [passage]).find((s) => /\b112\b/.test(s));
    if (sentence) return sentence.trim();
  }
  return null;
}
