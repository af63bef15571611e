/**
 * The built-in engine (issue 11, item 2): no network and no model. A question about the
 * user's data is answered by the data tools it names (builtin/intents.ts); a question
 * about living with diabetes by a short excerpt of the best knowledge-base article and
 * its source; anything else by an honest list of what it can do.
 */
import { BUILTIN_ASSISTANT_NAME } from '@diacare/contract/assistant';
import type { AssistantEngine, EngineAnswer, EngineRequest } from '../engine.ts';
import { excerpt, sourceOf, type KnowledgeBase } from '../knowledge.ts';
import type { Language } from '../../../i18n/index.ts';
import { assistantTexts } from '../texts.ts';
import type { AssistantTools, ToolResult } from '../tools.ts';
import { readIntent } from './intents.ts';

/** The honest answer to a question the engine cannot place (English; texts.ts has Hindi). */
export const CAPABILITIES = assistantTexts('en').capabilities;

/** The lowest MiniSearch score that counts as a match (below it, the question is not placed). */
const MIN_KNOWLEDGE_SCORE = 2;

/** Splits `text` into sentence-sized parts for streaming (. ! ? or the danda ।). */
export function* chunks(text: string): Generator<string> {
  for (const part of text.match(/[^.!?।\n]+[.!?।]*\s*|\n+/g) ?? [text]) yield part;
}

export function createBuiltinEngine({
  tools,
  knowledge,
}: {
  tools: AssistantTools;
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

  async function compose({ question, context }: EngineRequest): Promise<EngineAnswer> {
    const intent = readIntent(question);
    if (intent.tools.length > 0) {
      const results: ToolResult[] = [];
      for (const name of intent.tools) {
        if (name === 'todaysDoses' || name === 'refills' || name === 'nextAppointment') {
          results.push(await tools[name](context));
        } else {
          results.push(await tools[name](context, intent.period));
        }
      }
      return {
        text: results.map((result) => result.text).join('\n\n'),
        links: results.flatMap((result) => result.links),
        sources: [],
        engine: BUILTIN_ASSISTANT_NAME,
      };
    }
    const texts = assistantTexts(context.language);
    const [best] = knowledge(context.language ?? 'en').search(question, 1);
    if (best && best.score >= MIN_KNOWLEDGE_SCORE) {
      const source = sourceOf(best.article);
      return {
        text: texts.knowledgeAnswer({ title: best.article.title, excerpt: excerpt(best.article), source }),
        links: [],
        sources: [source],
        engine: BUILTIN_ASSISTANT_NAME,
      };
    }
    return { text: texts.capabilities, links: [], sources: [], engine: BUILTIN_ASSISTANT_NAME };
  }

  return engine;
}
