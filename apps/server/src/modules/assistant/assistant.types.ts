/**
 * The assistant's interfaces: a request, an answer and an engine. Both engines
 * (builtin-engine.ts, llm-engine.ts) and the orchestrator (assistant.service.ts) use them.
 */
import type { AssistantLink, AssistantSource } from '@diacare/contract/assistant';
import type { ToolContext } from './tools.ts';

/** A previous turn of the conversation (oldest first). */
export interface Turn {
  role: 'user' | 'assistant';
  content: string;
}

export interface EngineRequest {
  question: string;
  context: ToolContext;
  history: readonly Turn[];
}

export interface EngineAnswer {
  text: string;
  links: AssistantLink[];
  sources: AssistantSource[];
  /** The engine's display name ('DiaCare assistant' or the model's name). */
  engine: string;
}

/** One engine: answers a question about the user's data or about living with diabetes. */
export interface AssistantEngine {
  readonly name: string;
  /** Resolves to the full answer; `onDelta` may receive parts of it as they are ready. */
  answer(request: EngineRequest, onDelta: (text: string) => void): Promise<EngineAnswer>;
}
