// The analyst port: the one interface job handlers call for language work. The builtin adapter has no
// model and answers "not available": handlers must then take their deterministic paths. (The openai
// adapter and its configuration arrive with the analysis module; this file is its interface.)
export interface AnalystMessage {
  role: 'user' | 'assistant';
  content: string;
}
export interface CompletionRequest {
  system: string;
  messages: AnalystMessage[];
  schema?: { name: string; schema: Record<string, unknown> };
  maxTokens: number;
  signal?: AbortSignal;
}
export interface CompletionUsage {
  model: string;
  inputTokens: number;
  outputTokens: number;
  durationMs: number;
}
export type CompletionResult =
  | { available: true; text: string; json?: unknown; usage: CompletionUsage }
  | { available: false; reason: string };
export interface Analyst {
  readonly kind: 'builtin' | 'openai';
  complete(request: CompletionRequest): Promise<CompletionResult>;
}

/** No language model: every completion is "not available", and the handlers fall back. */
export const builtinAnalyst: Analyst = {
  kind: 'builtin',
  complete: async () => ({ available: false, reason: 'no language model configured' }),
};
