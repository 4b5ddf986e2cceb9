// The openai adapter pointed at a fake OpenAI-compatible server, one server per test file, its
// requests and unused replies forgotten after each test.
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { AnalystError, type Analyst } from '../src/analysis/analyst.js';
import { createOpenAIAnalyst, type OpenAISettings } from '../src/analysis/openai.js';
import { startFakeOpenAI, type FakeOpenAI, type RecordedRequest } from './fake-openai.js';

export const TEST_KEY = 'sk-test-0123456789abcdef';

export interface FakeOpenAIContext {
  /** Set before the file's first test. */
  fake: FakeOpenAI;
  /** The adapter on the fake server: key TEST_KEY, model `fake-model`, 2 retries, 20 s, 1000 tokens. */
  analyst: (settings?: Partial<OpenAISettings>) => Analyst;
  /** The `index`th request the fake server received. */
  sent: (index?: number) => RecordedRequest;
}

export function fakeOpenAIPerFile(): FakeOpenAIContext {
  const ctx: FakeOpenAIContext = {
    fake: undefined as unknown as FakeOpenAI,
    analyst: (settings = {}) =>
      createOpenAIAnalyst({
        baseUrl: ctx.fake.url,
        apiKey: TEST_KEY,
        model: 'fake-model',
        timeoutMs: 20_000,
        maxRetries: 2,
        maxTokens: 1000,
        ...settings,
      }),
    sent: (index = 0) => {
      const request = ctx.fake.requests[index];
      if (request === undefined) throw new Error(`the server received no request #${index}`);
      return request;
    },
  };
  beforeAll(async () => {
    ctx.fake = await startFakeOpenAI();
  });
  afterAll(() => ctx.fake.close());
  afterEach(() => ctx.fake.reset());
  return ctx;
}

/** The AnalystError a call rejects with. */
export async function failureOf(promise: Promise<unknown>): Promise<AnalystError> {
  const err: unknown = await promise.then(
    () => expect.unreachable('the call should have failed'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AnalystError);
  return err as AnalystError;
}
