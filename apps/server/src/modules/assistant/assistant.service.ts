/**
 * The assistant's orchestrator (`createAssistant`): the built-in or model engine answers inside the guard rails.
 * An escalation comes first; a missed or extra dose gets its fixed safety answer and a dose-change question the fixed
 * refusal, neither reaching an engine; a failing model is replaced by the built-in engine. Answers ≤ 2,000 characters.
 */
import {
  ASSISTANT_MESSAGE_MAX_CHARS,
  BUILTIN_ASSISTANT_NAME,
  type AssistantConfig,
  type AssistantLink,
  type AssistantSource,
} from '@diacare/contract/assistant';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { createAnswers } from './answers.ts';
import type { EngineAnswer, EngineRequest } from './assistant.types.ts';
import { createBuiltinEngine } from './builtin-engine.ts';
import { createInsightAnswers } from './insight-answers.ts';
import { doseChangeAnswer } from './dose-change-answer.ts';
import { clampAnswer, escalationFor, isDoseChangeQuestion } from './guard-rails.ts';
import { emergencyArticle, emergencyMayBeLow, escalationPreamble } from './escalation-opening.ts';
import { knowledgeBase, sourceOf } from '../knowledge/knowledge.ts';
import { AnswerRejected, createLlmEngine, type LlmEngineOptions } from './llm-engine.ts';
import { namesInsulin, safetyAnswer, safetyCase } from './safety.ts';
import { createRecordAnswers } from './record-answers.ts';
import { understand } from './understanding.ts';
import { localDate } from '@diacare/contract/dates';
import { t } from '../../i18n/index.ts';
import { hypoSteps, quotedArticle } from './phrases.ts';
import { answerLanguage } from './language.ts';
import { createAssistantTools, linksFor } from './tools.ts';

export type { AssistantEngine, EngineAnswer, EngineRequest, Turn } from './assistant.types.ts';

/** GET /api/config's `assistant`. */
export function assistantConfig(env: Env): AssistantConfig {
  return env.llm ? { engine: 'llm', name: env.llm.model } : { engine: 'builtin', name: BUILTIN_ASSISTANT_NAME };
}

/** Shown above a built-in answer when the model could not answer (English; `assistant.model.down`). */
export const MODEL_DOWN_NOTE = t('en', 'assistant.model.down');
/** Shown above a built-in answer when the model's answer failed the checks (`assistant.model.rejected`). */
export const MODEL_REJECTED_NOTE = t('en', 'assistant.model.rejected');

export interface AssistantOptions {
  db: Database;
  env: Env;
  /** Tests pass a mock model here (AI SDK MockLanguageModelV3). */
  llm?: Omit<LlmEngineOptions, 'tools' | 'knowledge'>;
}

/**
 * Builds the assistant for one app: `answer(request, onDelta)` streams the guarded answer
 * and resolves to the message to save.
 */
export function createAssistant(options: AssistantOptions) {
  const tools = createAssistantTools(options.db);
  const knowledge = knowledgeBase;
  const insights = createInsightAnswers(options.db);
  const builtin = createBuiltinEngine({
    tools,
    answers: createAnswers(options.db, tools),
    insights,
    knowledge,
  });
  const llmOptions =
    options.llm ??
    (options.env.llm
      ? { baseUrl: options.env.llm.baseUrl, model: options.env.llm.model, apiKey: options.env.llm.apiKey }
      : null);
  const model = llmOptions ? createLlmEngine({ ...llmOptions, tools, knowledge }) : null;

  const records = createRecordAnswers(options.db);
  /**
   * A missed insulin dose told ('maybe forgot last night's Lantus'): the insulin logged in the
   * period it names, as the record's sentence; null when the question names no insulin or no
   * period ('if I forget my insulin'), or none is logged.
   */
  async function insulinLogged(question: string, context: EngineRequest['context']): Promise<string | null> {
    if (!namesInsulin(question)) return null;
    const today = localDate(context.now, context.zone);
    const read = understand(question, today);
    // 'if I forget my insulin' (no day): the general answer only.
    if (!read.periodNamed) return null;
    const result = await records.insulin(read, context);
    return (result.data as { doses: number }).doses > 0 ? result.text : null;
  }

  return {
    engineName: model?.name ?? builtin.name,

    async answer(asked: EngineRequest, onDelta: (text: string) => void): Promise<EngineAnswer> {
      // Answered in the language asked: Devanagari → Hindi, English → English, Hinglish → the app's (decision 083).
      const request = {
        ...asked,
        context: { ...asked.context, language: answerLanguage(asked.question, asked.context.language ?? 'en') },
      };
      const lows = await tools.recentLows(request.context);
      const lowest = lows.length ? Math.min(...lows.map((low) => low.value)) : null;
      const language = request.context.language ?? 'en';
      const escalation = escalationFor(request.question, lowest);
      const preamble = escalationPreamble(
        escalation,
        language,
        request.context.glucoseUnit,
        emergencyMayBeLow(request.question, lowest),
      );
      let sent = 0;
      const emit = (text: string) => {
        // Never stream past the cap; the saved message is cut the same way.
        const room = ASSISTANT_MESSAGE_MAX_CHARS - sent;
        if (room <= 0 || !text) return;
        const part = text.slice(0, room);
        sent += part.length;
        onDelta(part);
      };
      const parts: string[] = [];
      const links: AssistantLink[] = [];
      const sources: AssistantSource[] = [];
      if (preamble) {
        parts.push(preamble.text);
        sources.push(...preamble.sources);
        emit(preamble.text);
      }
      // The body's first words come after a blank line below the opening, when there is a body.
      let opened = !preamble;
      const emitBody = (text: string) => {
        if (!text) return;
        if (!opened) emit('\n\n');
        opened = true;
        emit(text);
      };

      let body: EngineAnswer;
      const safety = safetyCase(request.question);
      if (safety) {
        const answer = safetyAnswer(safety, language, request.context.glucoseUnit);
        // The escalation above already gave the 15–15 steps.
        const steps = `\n\n${hypoSteps(request.context.glucoseUnit ?? 'mg/dL', language)}`;
        let text = preamble ? answer.text.replace(steps, '') : answer.text;
        // 'kal raat lantus bhool gaya shayad': the insulin logged then, so the person can check before anything more.
        const logged = safety === 'missed-dose' ? await insulinLogged(request.question, request.context) : null;
        if (logged) text += `\n\n${t(language, 'assistant.safety.insulin_logged', { record: logged })}`;
        body = { text, links: [linksFor(language).medications], sources: answer.sources, engine: builtin.name };
        emitBody(text);
      } else if (isDoseChangeQuestion(request.question)) {
        body = await doseChangeAnswer(
          request.question,
          tools,
          request.context,
          knowledge(language),
          model?.name ?? builtin.name,
          insights,
        );
        emitBody(body.text);
      } else if (escalation === 'emergency') {
        // After 'Call 112 now' only the article on what is happening (a very high glucose, chest pain or
        // stroke signs), never one a word of the message happened to match ('neend' → sleep).
        const id = emergencyArticle(request.question);
        const article = id ? knowledge(language).article(id, request.question) : null;
        const text = article ? quotedArticle(language, article) : '';
        body = { text, links: [], sources: article ? [sourceOf(article)] : [], engine: builtin.name };
        emitBody(text);
      } else if (model) {
        try {
          body = await model.answer(request, emitBody);
        } catch (error) {
          const note = t(
            language,
            error instanceof AnswerRejected ? 'assistant.model.rejected' : 'assistant.model.down',
          );
          emitBody(`${note}\n\n`);
          const fallback = await builtin.answer(request, emitBody);
          body = { ...fallback, text: `${note}\n\n${fallback.text}` };
        }
      } else {
        const held: string[] = [];
        body = await builtin.answer(request, (text) => held.push(text));
        // After an escalation, 'I'm not sure I understood that' or 'I can't help with that' adds nothing: the
        // opening is the answer.
        const unplaced = [t(language, 'assistant.capabilities'), t(language, 'assistant.out_of_scope')];
        if (preamble && unplaced.includes(body.text)) body = { ...body, text: '' };
        else held.forEach(emitBody);
      }
      if (body.text) parts.push(body.text);
      links.push(...body.links);
      sources.push(...body.sources);
      return {
        text: clampAnswer(parts.join('\n\n')),
        links: unique(links, (link) => link.href),
        sources: unique(sources, (source) => `${source.title}|${source.section}`),
        engine: body.engine,
      };
    },
  };
}
export type Assistant = ReturnType<typeof createAssistant>;

function unique<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(key(item)) ? false : (seen.add(key(item)), true)));
}
