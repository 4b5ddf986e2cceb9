// The port's two sides: with no model configured every call answers "not available" (handlers then
// take their deterministic path); with HWA_LLM_* set, createAnalyst hands the configured endpoint,
// model and key to the openai adapter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../test/fake-openai.js';
import { loadConfig } from '../config.js';
import { AnalystError, createAnalyst, type CompletionRequest } from './analyst.js';
import { BUILTIN_REASON } from './builtin.js';

const ask: CompletionRequest = {
  system: 'Summarise.',
  messages: [{ role: 'user', content: 'Run 7 passed 12 of 14 steps.' }],
  maxTokens: 100,
};

describe('with no model configured', () => {
  const analyst = createAnalyst(loadConfig({}));

  it('is the built-in analyst and answers "not available" with the reason and how to change it', async () => {
    expect(analyst.kind).toBe('builtin');
    await expect(analyst.complete(ask)).resolves.toEqual({ available: false, reason: BUILTIN_REASON });
    await expect(
      analyst.complete({ ...ask, schema: { name: 'summary', schema: { type: 'object' } } }),
    ).resolves.toMatchObject({
      available: false,
      reason: expect.stringMatching(/HWA_LLM_BASE_URL/) as string,
    });
  });

  it('stops a cancelled run like the model would: rejects with the abort reason', async () => {
    const reason = new Error('job run cancelled');
    await expect(analyst.complete({ ...ask, signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });
});

describe('with HWA_LLM_BASE_URL and HWA_LLM_MODEL set', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());

  it('calls that endpoint with the configured model, key and token ceiling', async () => {
    const analyst = createAnalyst(
      loadConfig({
        HWA_LLM_BASE_URL: fake.url,
        HWA_LLM_MODEL: 'lab-model',
        HWA_LLM_API_KEY: 'sk-lab',
        HWA_LLM_MAX_TOKENS: '64',
      }),
    );
    expect(analyst.kind).toBe('openai');
    await expect(analyst.complete(ask)).resolves.toMatchObject({ available: true, text: 'ok' });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer sk-lab');
    expect(fake.requests[0]?.body).toMatchObject({ model: 'lab-model', max_tokens: 64 });
  });
});

describe('AnalystError', () => {
  it('says which failures are worth retrying later', () => {
    expect(new AnalystError('llm_unavailable', 'x').transient).toBe(true);
    expect(new AnalystError('llm_timeout', 'x').transient).toBe(true);
    expect(new AnalystError('llm_rejected', 'x', 401).transient).toBe(false);
    expect(new AnalystError('llm_refused', 'x').transient).toBe(false);
    expect(new AnalystError('llm_bad_output', 'x').transient).toBe(false);
  });
});
