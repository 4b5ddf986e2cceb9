// Embeddings from an OpenAI-compatible endpoint (HWA_EMBEDDINGS_BASE_URL) instead of the built-in
// model, against the fake server on loopback: the document_embedding run calls /embeddings with the
// key, stores the vectors, and search ranks chunks by them; an endpoint answering 500, vectors of
// another length, or nothing in time fails the run with a clear error; the key is never logged.
// Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestUser } from '../../../test/helpers.js';
import { waitForRun } from '../../../test/job-types.js';
import { multipart } from '../../../test/multipart.js';
import {
  apiError,
  embeddingsAnswer,
  fakeEmbedding,
  startFakeOpenAI,
  type FakeOpenAI,
} from '../../../test/fake-openai.js';
import { checkedVectors } from '../../analysis/embeddings.js';
import type { Page } from '../../core/schemas.js';
import type { JobRun } from '../jobs/jobs.schemas.js';
import type { DocumentItem, SearchResult, UploadResult } from './documents.schemas.js';

const KEY = 'sk-embed-secret-0123456789abcdef';
const DESIGN = `# Radio node

## Power

The buck regulator supplies 3.3 V to the radio transceiver and the microcontroller.

## Structure

An aluminium enclosure with four mounting lugs holds the boards.

## Thermal

A copper heat spreader under the power amplifier keeps it below 85 C.
`;

let fake: FakeOpenAI;
let ann: TestUser;
const logLines: string[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAI();
  const ctx = await testApp({
    env: {
      HWA_EMBEDDINGS_BASE_URL: fake.url,
      HWA_EMBEDDINGS_API_KEY: KEY,
      HWA_EMBEDDINGS_MODEL: 'fake-embed',
      HWA_EMBEDDINGS_TIMEOUT: '1',
      HWA_EMBEDDINGS_MAX_RETRIES: '0',
      HWA_WORKER_SHUTDOWN_GRACE: '0',
      LOG_LEVEL: 'debug',
    },
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  ann = await ctx.newUser();
});
afterAll(() => fake.close());

async function uploadAndRun(name: string, text: string): Promise<{ system: string; run: JobRun }> {
  const body = multipart([{ name, body: text, field: 'file' }]);
  const answer = ok(
    await ann.call<UploadResult>('POST', '/systems/upload_document', undefined, {
      raw: body.payload,
      headers: body.headers,
    }),
    201,
  );
  const run = await waitForRun(ann, answer.results[0]!.job_run_id!, (r) =>
    ['completed', 'failed'].includes(r.status),
  );
  return { system: answer.system_id, run };
}

const documentOf = async (system: string) =>
  ok(await ann.call<Page<DocumentItem>>('GET', `/systems/${system}/documents`)).items[0]!;

describe('embeddings from an OpenAI-compatible endpoint', () => {
  it('embeds the chunks through /embeddings with the key, and search ranks them by those vectors', async () => {
    const { system, run } = await uploadAndRun('radio.md', DESIGN);
    expect(run.status, JSON.stringify(run.error)).toBe('completed');
    const calls = fake.requests.filter((r) => r.url === '/v1/embeddings');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(calls[0]!.body).toMatchObject({ model: 'fake-embed', encoding_format: 'float' });
    const doc = await documentOf(system);
    expect(doc).toMatchObject({ status: 'embedded' });
    expect((calls[0]!.body.input as string[]).length).toBe(doc.chunk_count);

    const found = ok(
      await ann.call<SearchResult>('GET', `/systems/${system}/documents/search`, undefined, {
        query: { q: 'regulator for the radio transceiver', limit: '3' },
      }),
    );
    expect(found.embedding_model).toBe('openai:fake-embed');
    expect(found.items[0]!.text).toContain('buck regulator');
    expect(found.items[0]!.location.section).toMatch(/Power/);
    const scores = found.items.map((i) => i.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores[0]).toBeGreaterThan(scores.at(-1)!);
  });

  it('fails the run when the endpoint answers 500, saying so, and marks the document failed', async () => {
    fake.script({ status: 500, body: apiError('the GPU caught fire', { type: 'server_error' }) });
    const { system, run } = await uploadAndRun('a.md', 'Battery pack of 4S2P cells.');
    expect(run.status).toBe('failed');
    expect(run.error?.message).toMatch(/embeddings endpoint .* answered 500: .*GPU caught fire/);
    expect(await documentOf(system)).toMatchObject({ status: 'failed' });
  });

  it('fails the run when the vectors have another length than those stored for the model', async () => {
    fake.script({ body: embeddingsAnswer([fakeEmbedding('solar panel', 32)]) });
    const { run } = await uploadAndRun('b.md', 'Solar panel on each side.');
    expect(run.status).toBe('failed');
    expect(run.error?.message).toMatch(/vectors of 32 dimensions; those stored .* have 64/);
  });

  it('fails the run when the endpoint does not answer within HWA_EMBEDDINGS_TIMEOUT', async () => {
    fake.script('hang');
    const { run } = await uploadAndRun('c.md', 'Reaction wheel for attitude control.');
    expect(run.status).toBe('failed');
    expect(run.error?.message).toMatch(/did not answer within HWA_EMBEDDINGS_TIMEOUT \(1 s\)/);
  });

  it('refuses an answer with a vector per text missing, or of differing lengths', () => {
    expect(() => checkedVectors([{ index: 0, embedding: [1, 0] }], 2)).toThrow(/1 vectors for 2 texts/);
    expect(() =>
      checkedVectors(
        [
          { index: 0, embedding: [1, 0] },
          { index: 1, embedding: [1] },
        ],
        2,
      ),
    ).toThrow(/differing/);
    expect(checkedVectors([{ index: 0, embedding: [3, 4] }], 1)).toEqual([[0.6, 0.8]]);
  });

  it('never logs the key, while the failures above were logged', () => {
    expect(logLines.join('\n')).toMatch(/job run failed/);
    expect(logLines.filter((l) => l.includes(KEY))).toEqual([]);
  });
});
