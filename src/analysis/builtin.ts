// The analyst with no model, the default: hwa runs on a laptop with no LLM key. It answers "not
// available" to every request, and each handler then takes its deterministic path (extracted text,
// rule-based findings, DuckDB statistics) instead of failing.
import type { Analyst, CompletionRequest, CompletionResult } from './analyst.js';

export const BUILTIN_REASON =
  'no language model is configured (set HWA_LLM_BASE_URL and HWA_LLM_MODEL to use one)';

export function createBuiltinAnalyst(): Analyst {
  return {
    kind: 'builtin',
    async complete(request: CompletionRequest): Promise<CompletionResult> {
      // Same contract as the model: a cancelled run stops here rather than carrying on.
      request.signal?.throwIfAborted();
      return { available: false, reason: BUILTIN_REASON };
    },
  };
}
