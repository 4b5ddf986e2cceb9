// The two model endpoints hwa may call (an LLM and an embeddings service), read from the environment
// with the same rules: on with a base URL, which then needs a model; strays refused; credentials never
// printed. Kept apart from config.ts, which composes them into the frozen Config.

export type Env = Record<string, string | undefined>;

/** An OpenAI-compatible embeddings endpoint (OpenAI, vLLM, Ollama, LiteLLM, ...). */
export interface EmbeddingsConfig {
  /** http(s) base URL the SDK appends `/embeddings` to. */
  baseUrl: string;
  apiKey: Secret | undefined;
  model: string;
  /** Seconds one embeddings request may take (each attempt). */
  timeout: number;
  /** Further attempts after a 408, 429, 5xx or a lost connection. */
  maxRetries: number;
}

/** An OpenAI-compatible chat completions endpoint (OpenAI, vLLM, Ollama, llama.cpp, LiteLLM, ...). */
export interface LlmConfig {
  /** http(s) base URL the SDK appends `/chat/completions` to, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  /** Bearer key; undefined sends no Authorization header (local servers need none). */
  apiKey: Secret | undefined;
  model: string;
  /** Seconds one analyst call may take in all, retries and their waits included. */
  timeout: number;
  /** Further attempts after a 408, 429, 5xx or a lost connection. */
  maxRetries: number;
  /** Ceiling on the tokens one call may generate; a caller's larger `maxTokens` is lowered to it. */
  maxTokens: number;
}

/**
 * A credential read from the environment. It prints as `[redacted]` however the config is shown
 * (JSON, util.inspect, a template string), so a debug dump of the config cannot leak it; the value
 * is read with `reveal()` at the one place that sends it.
 */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toString(): string {
    return '[redacted]';
  }
  toJSON(): string {
    return '[redacted]';
  }
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return '[redacted]';
  }
}

/**
 * The LLM is on when HWA_LLM_BASE_URL is set. A model name is then required: no name is served by
 * every OpenAI-compatible server (`gpt-4o-mini` does not exist on Ollama), so a default would only
 * move the mistake to the first job. The other LLM variables without a base URL are refused rather
 * than ignored, so an operator who meant to turn the model on is not left on the built-in analyst.
 * The endpoint is the operator's choice, not a user's, so any http(s) host is allowed (no SSRF rule);
 * a URL with credentials in it is refused because URLs reach error messages.
 */
export function loadLlmConfig(
  env: Env,
  integer: (name: string, fallback: number, min: number, max: number) => number,
  problems: string[],
): LlmConfig | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const baseUrl = value('HWA_LLM_BASE_URL')?.replace(/\/+$/, '');
  const apiKey = value('HWA_LLM_API_KEY');
  const model = value('HWA_LLM_MODEL');
  const timeout = integer('HWA_LLM_TIMEOUT', 120, 1, 3600);
  const maxRetries = integer('HWA_LLM_MAX_RETRIES', 2, 0, 10);
  const maxTokens = integer('HWA_LLM_MAX_TOKENS', 4096, 1, 1_000_000);
  if (baseUrl === undefined) {
    const stray = ['HWA_LLM_API_KEY', 'HWA_LLM_MODEL'].filter((name) => value(name) !== undefined);
    if (stray.length > 0) {
      problems.push(
        `HWA_LLM_BASE_URL must be set when ${stray.join(' or ')} is (e.g. https://api.openai.com/v1)`,
      );
    }
    return undefined;
  }
  const urlProblem = llmBaseUrlProblem(baseUrl);
  if (urlProblem !== undefined) problems.push(urlProblem);
  if (model === undefined) {
    problems.push('HWA_LLM_MODEL must name the model when HWA_LLM_BASE_URL is set (e.g. gpt-4o-mini)');
  }
  return {
    baseUrl,
    apiKey: apiKey === undefined ? undefined : new Secret(apiKey),
    model: model ?? '',
    timeout,
    maxRetries,
    maxTokens,
  };
}

/** Same rules as the LLM's: on with a base URL, which then needs a model; strays are refused. */
export function loadEmbeddingsConfig(
  env: Env,
  problems: string[],
  limits: { timeout: number; maxRetries: number },
): EmbeddingsConfig | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const baseUrl = value('HWA_EMBEDDINGS_BASE_URL')?.replace(/\/+$/, '');
  const apiKey = value('HWA_EMBEDDINGS_API_KEY');
  const model = value('HWA_EMBEDDINGS_MODEL');
  if (baseUrl === undefined) {
    const stray = ['HWA_EMBEDDINGS_API_KEY', 'HWA_EMBEDDINGS_MODEL'].filter((n) => value(n) !== undefined);
    if (stray.length > 0) {
      problems.push(`HWA_EMBEDDINGS_BASE_URL must be set when ${stray.join(' or ')} is`);
    }
    return undefined;
  }
  const urlProblem = llmBaseUrlProblem(baseUrl, 'HWA_EMBEDDINGS');
  if (urlProblem !== undefined) problems.push(urlProblem);
  if (model === undefined) {
    problems.push(
      'HWA_EMBEDDINGS_MODEL must name the model when HWA_EMBEDDINGS_BASE_URL is set (e.g. text-embedding-3-small)',
    );
  }
  return {
    baseUrl,
    apiKey: apiKey === undefined ? undefined : new Secret(apiKey),
    model: model ?? '',
    ...limits,
  };
}

function llmBaseUrlProblem(baseUrl: string, prefix = 'HWA_LLM'): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `${prefix}_BASE_URL must be an http(s) URL such as https://api.openai.com/v1, got "${baseUrl}"`;
  }
  if (url.username !== '' || url.password !== '') {
    // The value is not echoed: it holds a credential.
    return `${prefix}_BASE_URL must not contain a user or password: put the key in ${prefix}_API_KEY`;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    return `${prefix}_BASE_URL must be an http(s) URL such as https://api.openai.com/v1, got "${baseUrl}"`;
  }
  if (url.search !== '' || url.hash !== '') {
    return `${prefix}_BASE_URL must not have a query or fragment (the SDK appends paths), got "${baseUrl}"`;
  }
  return undefined;
}
