// The OpenAPI document must be true to what the server sends, so that generated clients and fuzzers
// work. Every app a test builds is watched: each answer's status must be declared by its route, with
// the declared content type (errors as application/problem+json). A test file that provokes an
// undeclared answer fails when it ends, naming the route, the status and the content type.
import type { FastifyInstance } from 'fastify';

type Declared = Record<string, { content?: Record<string, unknown> } | undefined>;

function mediaType(header: unknown): string | undefined {
  return typeof header === 'string' ? header.split(';')[0]!.trim().toLowerCase() : undefined;
}

/** Why this answer breaks the route's declaration, or undefined when it keeps it. */
export function contractBreach(
  declared: Declared | undefined,
  status: number,
  contentType: string | undefined,
): string | undefined {
  if (status >= 400 && contentType !== 'application/problem+json') {
    return `error sent as ${contentType ?? 'no content type'}, not application/problem+json`;
  }
  if (!declared) return status >= 400 ? undefined : 'no response schema';
  const entry = declared[String(status)] ?? declared[`${String(status)[0]}xx`] ?? declared.default;
  if (!entry) return `status ${status} is not declared`;
  if (status === 204 || status === 304) return undefined;
  const allowed = entry.content ? Object.keys(entry.content) : ['application/json'];
  if (allowed.includes('*/*') || (contentType && allowed.includes(contentType))) return undefined;
  return `sent ${contentType ?? 'no content type'}, declared ${allowed.join(', ')}`;
}

/** Records every breach of `app`'s declared responses; read them when the test file ends. */
export function watchContract(app: FastifyInstance): string[] {
  const breaches: string[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions;
    if (request.method === 'HEAD' || route.schema?.hide || route.url?.startsWith('/docs')) return payload;
    const declared = route.url ? ((route.schema?.response ?? {}) as Declared) : undefined;
    const breach = contractBreach(declared, reply.statusCode, mediaType(reply.getHeader('content-type')));
    if (breach)
      breaches.push(`${request.method} ${route.url ?? request.url} -> ${reply.statusCode}: ${breach}`);
    return payload;
  });
  return breaches;
}
