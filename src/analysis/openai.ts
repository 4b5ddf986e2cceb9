// The analyst on a language model: any OpenAI-compatible chat completions endpoint (OpenAI, vLLM,
// Ollama, llama.cpp, LiteLLM, ...) through the official `openai` package. The SDK sends and parses;
// this file owns the limits a job needs: one deadline for the whole call, retries whose waits stop
// on cancel, a token cap, and failures named by AnalystError codes. Why not the SDK's own retries:
// retry.ts.
import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
} from 'openai/resources/chat/completions';
import type { Analyst, CompletionRequest, CompletionResult } from './analyst.js';
import { AnalystError } from './analyst-error.js';
import { readAnswer, schemaValidator } from './answer.js';
import { isRetryableStatus, retryDelayMs } from './retry.js';

export interface OpenAISettings {
  /** e.g. `https://api.openai.com/v1`; the SDK appends `/chat/completions`. */
  baseUrl: string;
  /** undefined: no Authorization header. */
  apiKey: string | undefined;
  model: string;
  /** Bound on one `complete` call: every attempt, every wait between attempts. */
  timeoutMs: number;
  maxRetries: number;
  /** Ceiling on a request's maxTokens. */
  maxTokens: number;
}

type TokenParameter = 'max_tokens' | 'max_completion_tokens';

export function createOpenAIAnalyst(settings: OpenAISettings): Analyst {
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    // The SDK refuses to start without a key; with none configured it gets a placeholder and the
    // header is removed, so a local server sees no Authorization at all.
    apiKey: settings.apiKey ?? 'unused',
    defaultHeaders: settings.apiKey === undefined ? { Authorization: null } : undefined,
    // Explicit nulls: otherwise the SDK reads OPENAI_ORG_ID / OPENAI_PROJECT_ID from the environment
    // and sends them to whatever endpoint this is.
    organization: null,
    project: null,
    maxRetries: 0,
    timeout: settings.timeoutMs,
    // Its debug log would print prompts (document contents) to the console if OPENAI_LOG were set.
    logLevel: 'off',
  });
  // `max_tokens` is what every compatible server reads; OpenAI's reasoning models refuse it and ask
  // for `max_completion_tokens`. Switched once, on that refusal, for the life of the adapter.
  let tokenParameter: TokenParameter = 'max_tokens';
  const endpoint = `${settings.model} at ${settings.baseUrl}`;
  const scrub = (text: string) => (settings.apiKey ? text.replaceAll(settings.apiKey, '[redacted]') : text);

  async function complete(request: CompletionRequest): Promise<CompletionResult> {
    const started = performance.now();
    const maxTokens = tokenCap(request.maxTokens, settings.maxTokens);
    // A bad schema is the caller's bug: refused before a paid call, not after.
    const validate = request.schema && schemaValidator(request.schema.schema);
    request.signal?.throwIfAborted();
    const deadlineAt = Date.now() + settings.timeoutMs;
    const deadline = AbortSignal.timeout(settings.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;

    /** The error a failure ends the call with: the caller's abort wins, then the deadline. */
    const failure = (err: unknown): unknown => {
      if (request.signal?.aborted) return request.signal.reason;
      if (deadline.aborted || err instanceof APIConnectionTimeoutError) {
        return new AnalystError(
          'llm_timeout',
          `${endpoint} gave no answer within HWA_LLM_TIMEOUT (${settings.timeoutMs / 1000} s)`,
        );
      }
      if (err instanceof APIError && typeof err.status === 'number') {
        const code = isRetryableStatus(err.status) ? 'llm_unavailable' : 'llm_rejected';
        // A wrong base URL can answer a whole HTML page: the start says enough.
        const said = err.message.length > 300 ? `${err.message.slice(0, 300)}…` : err.message;
        return new AnalystError(code, scrub(`${endpoint} answered ${said}`), err.status);
      }
      if (err instanceof APIConnectionError) {
        const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
        return new AnalystError('llm_unavailable', scrub(`could not reach ${endpoint}${cause}`));
      }
      if (err instanceof SyntaxError) {
        return new AnalystError('llm_bad_output', `${endpoint} answered with a body that is not JSON`);
      }
      return err;
    };

    let completion: ChatCompletion;
    for (let retry = 0; ;) {
      const parameter = tokenParameter;
      try {
        completion = await client.chat.completions.create(body(request, parameter, maxTokens), {
          signal,
        });
        break;
      } catch (err) {
        if (parameter === 'max_tokens' && asksForCompletionTokens(err) && !signal.aborted) {
          tokenParameter = 'max_completion_tokens';
          continue;
        }
        if (!isTransient(err) || retry >= settings.maxRetries || signal.aborted) throw failure(err);
        const headers = err instanceof APIError ? (err.headers as Headers | undefined) : undefined;
        const wait = retryDelayMs(retry, headers);
        // Waiting past the deadline only to fail then: say now what the endpoint said.
        if (wait >= deadlineAt - Date.now()) throw failure(err);
        try {
          await sleep(wait, undefined, { signal });
        } catch {
          throw failure(err);
        }
        retry += 1;
      }
    }
    const answer = readAnswer(completion, { validate, maxTokens, endpoint });
    return {
      available: true,
      ...answer,
      usage: {
        model: completion.model || settings.model,
        inputTokens: completion.usage?.prompt_tokens ?? 0,
        outputTokens: completion.usage?.completion_tokens ?? 0,
        durationMs: Math.round(performance.now() - started),
      },
    };
  }

  function body(
    request: CompletionRequest,
    parameter: TokenParameter,
    maxTokens: number,
  ): ChatCompletionCreateParamsNonStreaming {
    return {
      model: settings.model,
      messages: [
        ...(request.system === '' ? [] : [{ role: 'system' as const, content: request.system }]),
        ...request.messages.map((m) => ({ role: m.role, content: m.content })),
      ],
      [parameter]: maxTokens,
      ...(request.schema && {
        response_format: {
          type: 'json_schema' as const,
          json_schema: { name: request.schema.name, schema: request.schema.schema, strict: true },
        },
      }),
    };
  }

  return { kind: 'openai', complete };
}

/** The caller's cap, lowered to the configured ceiling. A cap below 1 is a caller's bug. */
export function tokenCap(requested: number, ceiling: number): number {
  if (!Number.isInteger(requested) || requested < 1) {
    throw new RangeError(`maxTokens must be a positive integer, got ${requested}`);
  }
  return Math.min(requested, ceiling);
}

/** A lost connection, 408, 429 or 5xx: worth the same request again. A timeout is not (the deadline is spent). */
function isTransient(err: unknown): boolean {
  if (err instanceof APIConnectionTimeoutError) return false;
  if (err instanceof APIConnectionError) return true;
  return err instanceof APIError && typeof err.status === 'number' && isRetryableStatus(err.status);
}

/** OpenAI's 400 for `max_tokens` on a reasoning model: `param: "max_tokens"`, code `unsupported_parameter`. */
function asksForCompletionTokens(err: unknown): boolean {
  return (
    err instanceof APIError &&
    err.status === 400 &&
    (err.param === 'max_tokens' || /max_completion_tokens/.test(err.message))
  );
}
