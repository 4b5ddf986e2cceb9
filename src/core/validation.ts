// Two Ajv instances: query strings and path parameters arrive as text and are coerced ("5" -> 5, a
// single value -> array for repeatable parameters); JSON bodies are not, so a client sending the
// string "5" for an integer field is told so rather than silently accepted.
// Both report every error (allErrors) and never drop unknown fields (removeAdditional: false): bodies
// declare additionalProperties: false, and an unknown field is refused by name.
// `discriminator`: a `oneOf` tagged by a property (issue description blocks) is checked against the one
// branch its tag names, so errors name that branch's fields instead of repeating once per branch.
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS with a default export; under NodeNext it arrives wrapped once more.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const common: Options = {
  allErrors: true,
  removeAdditional: false,
  useDefaults: true,
  strict: false,
  discriminator: true,
};
const bodyAjv = addFormats(new Ajv({ ...common, coerceTypes: false }));
const textAjv = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema);
