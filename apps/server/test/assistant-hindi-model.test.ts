/**
 * The assistant's Hindi rate-limit detail, and the model path in Hindi: it asks the model for
 * Hindi and checks the Hindi answer.
 */
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeBase } from '../src/modules/knowledge/knowledge.ts';
import { HINDI_PROMPT } from '../src/modules/assistant/llm-engine.ts';
import { t as translate } from '../src/i18n/index.ts';
import { createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { ask } from './support/assistant-client.ts';
import { SEED_NOW, SEED_ZONE } from './support/assistant-seed.ts';

const hiArticle = (id: string) => knowledgeBase('hi').articles.find((a) => a.id === id)!;

describe('Hindi rate-limit detail', () => {
  it('the 429 detail is in the user’s language', async () => {
    const t = await createTestApp('pglite', {
      clock: createTestClock(SEED_NOW),
      env: { ASSISTANT_RATE_LIMIT_PER_MINUTE: '1' },
    });
    try {
      const user = await signIn(t.app, { name: 'R', email: 'limit-hi@example.com', timezone: SEED_ZONE });
      await user.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'hi' } });
      await ask(user, 'नमस्ते');
      const limited = await user.request({
        method: 'POST',
        url: '/api/assistant/messages',
        payload: { content: 'नमस्ते' },
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().detail).toMatch(/^बहुत ज़्यादा सवाल एक साथ। कृपया \d+ सेकंड बाद फिर पूछें।$/);
    } finally {
      await t.close();
    }
  });
});

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 10, text: 10, reasoning: undefined },
};
/** A model step that writes `text`. */
function textStep(text: string) {
  const chunks: LanguageModelV3StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: text },
    { type: 'text-end', id: 't' },
    { type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } },
  ];
  return { stream: simulateReadableStream({ chunks }) };
}

describe('the model path in Hindi', () => {
  let t: TestApp;
  let user: SignedInUser;
  let reply = 'ठीक है।';
  const model = new MockLanguageModelV3({ modelId: 'mock-model', doStream: async () => textStep(reply) });

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      clock: createTestClock(SEED_NOW),
      assistantLlm: { model: 'mock-model', languageModel: model },
    });
    user = await signIn(t.app, { name: 'Meera', email: 'llm-hi@example.com', timezone: SEED_ZONE });
    await user.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'hi' } });
  });
  afterAll(() => t.close());

  it('asks the model for Hindi and gives it the Hindi article as context', async () => {
    reply = 'अपनी थाली में चावल और रोटी की मात्रा पर ध्यान दें।';
    model.doStreamCalls.length = 0;
    const { answer } = await ask(user, 'मुझे क्या खाना चाहिए?');
    expect(answer.engine).toBe('mock-model');
    expect(answer.content).toBe(reply);
    const system = model.doStreamCalls[0]!.prompt.find((m) => m.role === 'system')!.content as string;
    expect(system).toContain(HINDI_PROMPT);
    expect(system).toContain(hiArticle('food-indian-meals').body);
    expect(answer.sources).toContainEqual({
      title: hiArticle('food-indian-meals').source,
      section: hiArticle('food-indian-meals').section,
    });
  });

  it('a Hindi dose instruction from the model is replaced by the Hindi refusal', async () => {
    reply = 'आप अपनी मेटफॉर्मिन की खुराक बढ़ा दें।';
    const { answer } = await ask(user, 'मेरी शुगर के बारे में बताइए');
    expect(answer.content).toBe(translate('hi', 'assistant.dose_change.refusal'));
  });

  it('an ungrounded number makes the built-in engine answer, with the Hindi note', async () => {
    reply = 'आपकी औसत शुगर 187 mg/dL है।';
    const { answer } = await ask(user, 'मुझे क्या खाना चाहिए?');
    expect(
      answer.content.startsWith(
        `${translate('hi', 'assistant.model.rejected')}\n\n${hiArticle('food-indian-meals').title}: `,
      ),
    ).toBe(true);
  });
});
