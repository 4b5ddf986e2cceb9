// The openai adapter against a fake OpenAI-compatible server on loopback (test/fake-openai.ts): what
// it sends, what it makes of each kind of answer, and how it retries, times out and stops on abort.
// No durations are asserted (a shared machine): only what happened, counted in requests.
import { describe, expect, it } from 'vitest';
import { apiError, completion } from '../../test/fake-openai.js';
import { failureOf, fakeOpenAIPerFile, TEST_KEY as KEY } from '../../test/openai-analyst.js';
import type { CompletionRequest } from './analyst.js';

const llm = fakeOpenAIPerFile();
const { analyst, sent } = llm;

const ask: CompletionRequest = {
  system: 'You review hardware test reports.',
  messages: [
    { role: 'user', content: 'Summarise run 7.' },
    { role: 'assistant', content: 'Which card?' },
    { role: 'user', content: 'Card 2.' },
  ],
  maxTokens: 200,
};

const FINDINGS = {
  type: 'object',
  properties: {
    findings: {
      type: 'array',
      items: {
        type: 'object',
        properties: { title: { type: 'string' }, severity: { enum: ['low', 'high'] } },
        required: ['title', 'severity'],
        additionalProperties: false,
      },
    },
  },
  required: ['findings'],
  additionalProperties: false,
};

describe('the openai analyst sends', () => {
  it('the model, the system prompt first, the conversation, the token cap and the key', async () => {
    const result = await analyst().complete(ask);

    expect(llm.fake.requests).toHaveLength(1);
    const request = sent();
    expect(request).toMatchObject({ method: 'POST', url: '/v1/chat/completions' });
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body).toEqual({
      model: 'fake-model',
      messages: [{ role: 'system', content: 'You review hardware test reports.' }, ...ask.messages],
      max_tokens: 200,
    });
    expect(result).toEqual({
      available: true,
      text: 'ok',
      usage: {
        model: 'fake-model-2026-01-01',
        inputTokens: 11,
        outputTokens: 7,
        durationMs: expect.any(Number) as number,
      },
    });
  });

  it('lowers a larger maxTokens to the configured ceiling', async () => {
    await analyst({ maxTokens: 50 }).complete({ ...ask, maxTokens: 100_000 });
    expect(sent().body.max_tokens).toBe(50);
  });

  it('refuses a maxTokens below 1 without calling the model', async () => {
    await expect(analyst().complete({ ...ask, maxTokens: 0 })).rejects.toThrow(RangeError);
    expect(llm.fake.requests).toHaveLength(0);
  });

  it('no Authorization header when no key is configured, and no system message when it is empty', async () => {
    await analyst({ apiKey: undefined }).complete({ ...ask, system: '' });
    expect(sent().headers.authorization).toBeUndefined();
    expect(sent().body.messages).toEqual(ask.messages);
  });

  it('no OpenAI organisation or project from the environment to a third-party endpoint', async () => {
    process.env.OPENAI_ORG_ID = 'org-from-env';
    process.env.OPENAI_PROJECT_ID = 'proj-from-env';
    try {
      await analyst().complete(ask);
    } finally {
      delete process.env.OPENAI_ORG_ID;
      delete process.env.OPENAI_PROJECT_ID;
    }
    expect(sent().headers['openai-organization']).toBeUndefined();
    expect(sent().headers['openai-project']).toBeUndefined();
  });

  it('max_completion_tokens instead once the endpoint asks for it, and from then on', async () => {
    // OpenAI's answer to max_tokens on a reasoning model.
    llm.fake.script({
      status: 400,
      body: apiError(
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        { code: 'unsupported_parameter', param: 'max_tokens' },
      ),
    });
    const reasoning = analyst({ maxRetries: 0 });
    await expect(reasoning.complete(ask)).resolves.toMatchObject({ available: true, text: 'ok' });
    await reasoning.complete(ask);

    expect(llm.fake.requests.map((r) => [r.body.max_tokens, r.body.max_completion_tokens])).toEqual([
      [200, undefined],
      [undefined, 200],
      [undefined, 200],
    ]);
  });
});

describe('structured output', () => {
  const withSchema = { ...ask, schema: { name: 'findings', schema: FINDINGS } };

  it('asks for strict JSON-schema output and returns the JSON parsed', async () => {
    const findings = { findings: [{ title: 'Brown-out at 3.1 V', severity: 'high' }] };
    llm.fake.script({ body: completion({ content: JSON.stringify(findings) }) });

    const result = await analyst().complete(withSchema);

    expect(sent().body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'findings', schema: FINDINGS, strict: true },
    });
    expect(result).toMatchObject({ available: true, text: JSON.stringify(findings), json: findings });
  });

  it('llm_bad_output for an answer that is not JSON, and for JSON that breaks the schema', async () => {
    llm.fake.script(
      { body: completion({ content: 'Here are the findings: none.' }) },
      { body: completion({ content: '{"findings": [{"title": "x", "severity": "medium"}]}' }) },
    );
    const notJson = await failureOf(analyst().complete(withSchema));
    expect(notJson).toMatchObject({ code: 'llm_bad_output', transient: false });
    expect(notJson.message).toMatch(/not JSON/);

    const wrong = await failureOf(analyst().complete(withSchema));
    expect(wrong.code).toBe('llm_bad_output');
    expect(wrong.message).toMatch(/does not match the schema: \/findings\/0\/severity/);
  });

  it('takes JSON out of a Markdown fence, as servers that ignore response_format send it', async () => {
    llm.fake.script({ body: completion({ content: '```json\n{"findings": []}\n```' }) });
    await expect(analyst().complete(withSchema)).resolves.toMatchObject({ json: { findings: [] } });
  });

  it('says the token cap cut the answer off', async () => {
    llm.fake.script({ body: completion({ content: '{"findings": [{"ti', finishReason: 'length' }) });
    const err = await failureOf(analyst().complete(withSchema));
    expect(err.code).toBe('llm_bad_output');
    expect(err.message).toMatch(/token cap, 200/);
  });
});

describe('answers that are not usable', () => {
  it.each([
    ['a refusal', completion({ content: null, refusal: 'I cannot help with that.' }), 'llm_refused'],
    ['a content filter', completion({ content: null, finishReason: 'content_filter' }), 'llm_refused'],
    ['an empty answer', completion({ content: '' }), 'llm_bad_output'],
    ['no choices', { ...completion(), choices: [] }, 'llm_bad_output'],
  ])('%s fails with %s, not retried', async (_what, body, code) => {
    llm.fake.script({ body });
    expect(await failureOf(analyst().complete(ask))).toMatchObject({ code, transient: false });
    expect(llm.fake.requests).toHaveLength(1);
  });

  it('usage missing from the answer counts as zero tokens', async () => {
    llm.fake.script({ body: completion({ usage: null }) });
    const result = await analyst().complete(ask);
    expect(result).toMatchObject({ usage: { inputTokens: 0, outputTokens: 0 } });
  });
});
