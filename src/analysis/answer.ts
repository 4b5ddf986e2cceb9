// What a chat completion says, checked before a handler builds on it. `strict: true` asks the model
// to follow the schema, but many OpenAI-compatible servers ignore response_format or enforce only
// part of it, so the JSON is validated here too: a handler gets JSON matching its schema or an
// llm_bad_output error, never a half-right object.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import { AnalystError } from './analyst-error.js';

// ajv-formats is CommonJS with a default export; under NodeNext it arrives wrapped once more.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
/** Handlers pass the same schema object on every call: compiled once. */
const compiled = new WeakMap<object, ValidateFunction>();

export function schemaValidator(schema: Record<string, unknown>): ValidateFunction {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

export function readAnswer(
  completion: ChatCompletion,
  context: { validate: ValidateFunction | undefined; maxTokens: number; endpoint: string },
): { text: string; json?: unknown } {
  const { validate, maxTokens, endpoint } = context;
  const bad = (what: string) => new AnalystError('llm_bad_output', `${endpoint} ${what}`);
  const choice = completion.choices?.[0];
  if (choice === undefined) throw bad('answered with no choices');
  const { message, finish_reason: finish } = choice;
  if (message?.refusal) {
    throw new AnalystError('llm_refused', `${endpoint} declined to answer: ${message.refusal}`);
  }
  if (finish === 'content_filter') {
    throw new AnalystError('llm_refused', `${endpoint} withheld its answer (content filter)`);
  }
  const text = message?.content ?? '';
  const cutOff = finish === 'length';
  const cutOffNote = ` (it stopped at the token cap, ${maxTokens}: raise maxTokens or HWA_LLM_MAX_TOKENS)`;
  if (text.trim() === '') throw bad(`gave an empty answer${cutOff ? cutOffNote : ''}`);
  if (validate === undefined) return { text };

  const json = parseJson(text);
  if (json === NOT_JSON) throw bad(`answered with text that is not JSON${cutOff ? cutOffNote : ''}`);
  if (!validate(json)) {
    const where = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`)
      .join('; ');
    throw bad(`answered with JSON that does not match the schema: ${where}`);
  }
  return { text, json };
}

const NOT_JSON = Symbol('not JSON');

/**
 * The JSON in an answer. Servers that ignore response_format often wrap it in a Markdown fence
 * (```json … ```), which is taken off; anything else around it is not guessed at.
 */
function parseJson(text: string): unknown {
  const fenced = /^\s*```(?:json)?[ \t]*\r?\n([\s\S]*?)\r?\n?```\s*$/i.exec(text);
  try {
    return JSON.parse(fenced?.[1] ?? text);
  } catch {
    return NOT_JSON;
  }
}
