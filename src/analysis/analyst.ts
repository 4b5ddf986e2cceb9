// The analyst port: the one interface job handlers call for language work. Two adapters: `builtin`
// (no model; every handler has a deterministic path and must work with it) and `openai` (any
// OpenAI-compatible chat completions endpoint). Handlers never import an adapter, only this file.
import type { Config } from '../config.js';
import { createBuiltinAnalyst } from './builtin.js';
import { createOpenAIAnalyst } from './openai.js';

export { ANALYST_ERRORS, AnalystError, type AnalystErrorCode } from './analyst-error.js';

export interface AnalystMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest {
  system: string;
  messages: AnalystMessage[];
  /** When given, the answer is JSON matching this schema, returned parsed in `json`. */
  schema?: { name: string; schema: Record<string, unknown> };
  /** Most tokens to generate; lowered to HWA_LLM_MAX_TOKENS. */
  maxTokens: number;
  /** Aborting rejects the call at once with `signal.reason` (an `AbortError` by default). */
  signal?: AbortSignal;
}

export interface CompletionUsage {
  model: string;
  inputTokens: number;
  outputTokens: number;
  /** Wall time of the whole call, retries included. */
  durationMs: number;
}

export type CompletionResult =
  | { available: true; text: string; json?: unknown; usage: CompletionUsage }
  | { available: false; reason: string };

export interface Analyst {
  readonly kind: 'builtin' | 'openai';
  complete(request: CompletionRequest): Promise<CompletionResult>;
}

/** The analyst the configuration asks for: the model when HWA_LLM_BASE_URL is set, else built-in. */
export function createAnalyst(config: Pick<Config, 'llm'>): Analyst {
  if (config.llm === undefined) return createBuiltinAnalyst();
  const { baseUrl, apiKey, model, timeout, maxRetries, maxTokens } = config.llm;
  return createOpenAIAnalyst({
    baseUrl,
    apiKey: apiKey?.reveal(),
    model,
    timeoutMs: timeout * 1000,
    maxRetries,
    maxTokens,
  });
}
