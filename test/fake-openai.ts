// A fake OpenAI-compatible server on loopback for the analyst's tests: POST /v1/chat/completions and
// POST /v1/embeddings answer with whatever the test scripted, in order, and record every request
// (headers and parsed body) so a test can check what the adapter really sent. No scripted reply left:
// a plain completion, or deterministic embeddings (fakeEmbedding: words hashed into 64 dimensions, so
// texts sharing words are near and a search ranks them).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** Set once the whole answer was written to the socket. */
  answered: boolean;
  /** Set when the client went away before the answer was complete (an abort, a timeout). */
  abandoned: boolean;
}

/**
 * One scripted answer: a status, headers and a body (JSON, or a string sent as text/html); `hang` never answers (until the client
 * leaves); `stall` sends status and headers, then never finishes the body.
 */
export type Reply = { status?: number; headers?: Record<string, string>; body?: unknown } | 'hang' | 'stall';

export interface FakeOpenAI {
  /** Base URL to configure, ending in /v1 as HWA_LLM_BASE_URL does. */
  url: string;
  requests: RecordedRequest[];
  /** Queue replies for the next requests, in order. */
  script(...replies: Reply[]): void;
  /** Forget the requests and any replies left unused, between tests. */
  reset(): void;
  /** Resolves once `count` requests have arrived (the body read). */
  received(count: number): Promise<void>;
  /** Resolves once `count` answers have been written in full. */
  answered(count: number): Promise<void>;
  /** Resolves once `count` requests have been abandoned by the client. */
  abandoned(count: number): Promise<void>;
  close(): Promise<void>;
}

export interface CompletionFields {
  content?: string | null;
  model?: string;
  finishReason?: string;
  refusal?: string | null;
  usage?: { prompt_tokens: number; completion_tokens: number } | null;
}

/** A chat completion body as OpenAI sends it. */
export function completion(fields: CompletionFields = {}): Record<string, unknown> {
  const usage = fields.usage === undefined ? { prompt_tokens: 11, completion_tokens: 7 } : fields.usage;
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_763_856_000,
    model: fields.model ?? 'fake-model-2026-01-01',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: fields.content === undefined ? 'ok' : fields.content,
          refusal: fields.refusal ?? null,
        },
        finish_reason: fields.finishReason ?? 'stop',
        logprobs: null,
      },
    ],
    ...(usage && { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }),
  };
}

export const FAKE_EMBEDDING_DIMS = 64;

/** A bag of words hashed into `dims` buckets: deterministic, and texts sharing words score higher. */
export function fakeEmbedding(text: string, dims = FAKE_EMBEDDING_DIMS): number[] {
  const vector = new Array<number>(dims).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    let h = 2166136261;
    for (const c of word) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
    vector[h % dims]! += 1;
  }
  vector[dims - 1]! += 0.01; // never all zeros
  return vector;
}

/** An embeddings body as OpenAI sends it. */
export function embeddingsAnswer(vectors: number[][], model = 'fake-embed'): Record<string, unknown> {
  return {
    object: 'list',
    data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
    model,
    usage: { prompt_tokens: 5, total_tokens: 5 },
  };
}

/** An error body as OpenAI sends it. */
export function apiError(message: string, extra: { type?: string; code?: string; param?: string } = {}) {
  return {
    error: { message, type: extra.type ?? 'invalid_request_error', param: null, code: null, ...extra },
  };
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const requests: RecordedRequest[] = [];
  const queue: Reply[] = [];
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((check) => check());
  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!done()) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
        answered: false,
        abandoned: false,
      };
      requests.push(recorded);
      res.on('finish', () => {
        recorded.answered = true;
        notify();
      });
      res.on('close', () => {
        if (res.writableFinished) return;
        recorded.abandoned = true;
        notify();
      });
      notify();
      const embeddings = req.url === '/v1/embeddings';
      if (req.method !== 'POST' || (req.url !== '/v1/chat/completions' && !embeddings)) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify(apiError(`no route ${req.method} ${req.url}`)));
        return;
      }
      const input = recorded.body.input;
      const texts = Array.isArray(input) ? input.map(String) : [typeof input === 'string' ? input : ''];
      const reply = queue.shift() ?? {
        body: embeddings ? embeddingsAnswer(texts.map((t) => fakeEmbedding(t))) : completion(),
      };
      if (reply === 'hang') return;
      if (reply === 'stall') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"id": "chatcmpl-fake", ');
        return;
      }
      // A string body goes out as it is, as a web page would; anything else as JSON.
      const page = typeof reply.body === 'string' ? reply.body : undefined;
      res.writeHead(reply.status ?? 200, {
        'content-type': page === undefined ? 'application/json' : 'text/html',
        ...reply.headers,
      });
      res.end(page ?? JSON.stringify(reply.body ?? completion()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => queue.push(...replies),
    reset: () => {
      requests.length = 0;
      queue.length = 0;
    },
    received: (count) => until(() => requests.length >= count),
    answered: (count) => until(() => requests.filter((r) => r.answered).length >= count),
    abandoned: (count) => until(() => requests.filter((r) => r.abandoned).length >= count),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
