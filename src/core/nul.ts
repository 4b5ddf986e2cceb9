// PostgreSQL text and jsonb cannot hold U+0000. A NUL anywhere in a query parameter or a JSON body
// is refused before the handler runs, naming the field: left to the database, it surfaced as a
// refusal of `body` (even for a query parameter), after earlier writes of the same request had run.
// Runs after validation (preHandler), so only well-formed requests are walked: ~2 ms for a batch
// save of 10,000 entities (no NUL: one pass without building paths), against the ~1 s the save itself takes.
import type { FastifyInstance } from 'fastify';
import { Errors } from './errors.js';

/** Where `value` holds the NUL character (in a string or an object key), as field paths. */
export function nulPaths(value: unknown, path: string, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => nulPaths(item, `${path}[${i}]`, out));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) out.push(`${path}.${key.split('\u0000').join('\\u0000')}`);
      else nulPaths(item, `${path}.${key}`, out);
    }
  }
  return out;
}

/** The common case, no NUL at all, answered without building a path for every value. */
function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (typeof value !== 'object' || value === null) return false;
  for (const key in value) {
    if (key.includes('\u0000') || hasNul((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

export function refuseNul(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (!hasNul(request.query) && !hasNul(request.body)) return;
    const paths = [...nulPaths(request.query, 'query'), ...nulPaths(request.body, 'body')];
    throw Errors.validation(
      paths.map((path) => ({ path, message: 'may not contain the NUL character (\\u0000)' })),
    );
  });
}
