// Why a call to the model failed, as codes a job run's `error.code` can carry. `transient` says
// whether the same call may succeed later (the jobs engine retries those runs with backoff); the
// others need a person: a key, a model name, a prompt or schema the model cannot satisfy.
// A caller's abort is not an AnalystError: the call rejects with the signal's reason.
export const ANALYST_ERRORS = {
  /** Endpoint unreachable, or 429/5xx still after the retries. */
  llm_unavailable: { transient: true },
  /** HWA_LLM_TIMEOUT passed before an answer. */
  llm_timeout: { transient: true },
  /** The endpoint refused the request: 400, 401, 403, 404, 422 (bad key, unknown model, ...). */
  llm_rejected: { transient: false },
  /** The model declined to answer (a refusal or a content filter). */
  llm_refused: { transient: false },
  /** An answer came but is unusable: empty, not JSON, or not matching the schema. */
  llm_bad_output: { transient: false },
} as const;

export type AnalystErrorCode = keyof typeof ANALYST_ERRORS;

export class AnalystError extends Error {
  readonly transient: boolean;
  constructor(
    readonly code: AnalystErrorCode,
    message: string,
    /** HTTP status of the endpoint's last answer, when there was one. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AnalystError';
    this.transient = ANALYST_ERRORS[code].transient;
  }
}
