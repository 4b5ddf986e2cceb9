// The openai adapter's limits against the fake server: retries on 429/5xx, the errors that are not
// retried, one timeout for the whole call, and an AbortSignal that stops it mid-request or mid-wait
// with no retry after. Asserted by what happened (requests made, requests abandoned), not by time.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../test/fake-openai.js';
import { failureOf, fakeOpenAIPerFile, TEST_KEY as KEY } from '../../test/openai-analyst.js';
import type { CompletionRequest } from './analyst.js';

const llm = fakeOpenAIPerFile();
const { analyst } = llm;

const ask: CompletionRequest = {
  system: 'Be brief.',
  messages: [{ role: 'user', content: 'Hi' }],
  maxTokens: 20,
};
/** Retry at once: the server says when, so the tests do not wait out the backoff. */
const NOW = { 'retry-after': '0' };

describe('retries', () => {
  it('a 429 is retried and the second answer returned', async () => {
    llm.fake.script({
      status: 429,
      headers: NOW,
      body: apiError('Rate limit reached', { type: 'requests' }),
    });
    await expect(analyst().complete(ask)).resolves.toMatchObject({ available: true, text: 'ok' });
    expect(llm.fake.requests).toHaveLength(2);
  });

  it('5xx answers are retried with backoff when the server names no wait', async () => {
    llm.fake.script({ status: 503, body: apiError('overloaded') });
    await expect(analyst({ maxRetries: 1 }).complete(ask)).resolves.toMatchObject({ text: 'ok' });
    expect(llm.fake.requests).toHaveLength(2);
  });

  it('after maxRetries further 500s it fails with llm_unavailable and the status', async () => {
    const boom = {
      status: 500,
      headers: NOW,
      body: apiError('The server had an error', { type: 'server_error' }),
    };
    llm.fake.script(boom, boom, boom);
    const err = await failureOf(analyst({ maxRetries: 2 }).complete(ask));
    expect(err).toMatchObject({ code: 'llm_unavailable', status: 500, transient: true });
    expect(err.message).toMatch(/fake-model at http:\/\/127\.0\.0\.1:\d+\/v1 answered 500/);
    expect(llm.fake.requests).toHaveLength(3);
  });

  it('a Retry-After longer than the time left fails at once rather than sleeping past it', async () => {
    llm.fake.script({ status: 429, headers: { 'retry-after': '3600' }, body: apiError('Slow down') });
    const err = await failureOf(analyst({ timeoutMs: 60_000 }).complete(ask));
    expect(err).toMatchObject({ code: 'llm_unavailable', status: 429 });
    expect(llm.fake.requests).toHaveLength(1);
  });

  it.each([
    [400, 'Invalid schema for response_format'],
    [401, `Incorrect API key provided: ${KEY}`],
    [404, 'The model `fake-model` does not exist'],
  ])('a %i is llm_rejected, not retried, and never repeats the key', async (status, message) => {
    llm.fake.script({ status, body: apiError(message) });
    const err = await failureOf(analyst().complete(ask));
    expect(err).toMatchObject({ code: 'llm_rejected', status, transient: false });
    expect(err.message).not.toContain(KEY);
    expect(llm.fake.requests).toHaveLength(1);
  });

  it('a wrong base URL answering a web page is llm_rejected with the start of the page', async () => {
    llm.fake.script({ status: 404, body: `<html>${'<p>Not found</p>'.repeat(100)}</html>` });
    const err = await failureOf(analyst().complete(ask));
    expect(err).toMatchObject({ code: 'llm_rejected', status: 404 });
    expect(err.message).toMatch(/answered 404 .*<html><p>Not found<\/p>.*…$/);
    expect(err.message.length).toBeLessThan(400);
  });

  it('an endpoint nobody listens on is llm_unavailable after the retries', async () => {
    const closed = await unusedPort();
    const err = await failureOf(
      analyst({ baseUrl: `http://127.0.0.1:${closed}/v1`, maxRetries: 0 }).complete(ask),
    );
    expect(err).toMatchObject({ code: 'llm_unavailable', transient: true });
    expect(err.message).toMatch(/could not reach fake-model at http:\/\/127\.0\.0\.1/);
  });
});

describe('the timeout', () => {
  it('an endpoint that never answers fails with llm_timeout, not retried past the deadline', async () => {
    llm.fake.script('hang', 'hang', 'hang');
    const err = await failureOf(analyst({ timeoutMs: 300 }).complete(ask));
    expect(err).toMatchObject({ code: 'llm_timeout', transient: true });
    expect(err.message).toMatch(/no answer within HWA_LLM_TIMEOUT \(0\.3 s\)/);
    expect(llm.fake.requests).toHaveLength(1);
    await llm.fake.abandoned(1);
  });

  it('also covers a body that stalls after the headers (the SDK timer stops at the headers)', async () => {
    llm.fake.script('stall');
    const err = await failureOf(analyst({ timeoutMs: 300 }).complete(ask));
    expect(err).toMatchObject({ code: 'llm_timeout' });
    await llm.fake.abandoned(1);
  });
});

describe('the AbortSignal', () => {
  it('aborting mid-request rejects with an AbortError, drops the connection and retries nothing', async () => {
    llm.fake.script('hang', 'hang');
    const controller = new AbortController();
    const call = analyst().complete({ ...ask, signal: controller.signal });
    await llm.fake.received(1);
    controller.abort();

    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    await llm.fake.abandoned(1);
    expect(llm.fake.requests).toHaveLength(1);
  });

  it('aborting during a retry wait stops at once (not after Retry-After: 30)', async () => {
    llm.fake.script({ status: 429, headers: { 'retry-after': '30' }, body: apiError('Rate limit reached') });
    const controller = new AbortController();
    const call = analyst({ timeoutMs: 120_000 }).complete({ ...ask, signal: controller.signal });
    await llm.fake.answered(1);
    // Not a timing assertion: time for the 429 to reach the client, so the abort lands in the wait.
    // Were the client slower, the abort would land in the request instead, and the test still pass.
    await new Promise((resolve) => setTimeout(resolve, 200));
    controller.abort();

    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(llm.fake.requests).toHaveLength(1);
  }, 10_000);

  it('rejects with the reason the caller aborted with', async () => {
    llm.fake.script('hang');
    const controller = new AbortController();
    const reason = new Error('job run cancelled');
    const call = analyst().complete({ ...ask, signal: controller.signal });
    await llm.fake.received(1);
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
  });

  it('an already aborted signal sends nothing', async () => {
    await expect(analyst().complete({ ...ask, signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(llm.fake.requests).toHaveLength(0);
  });
});

/** A loopback port with nothing listening on it. */
async function unusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
