// Keeps the OpenAPI document true to what the server does. Route schemas are the single source;
// these two functions fill in what a route would otherwise have to repeat, or what the validator's
// view of a schema and a client's view of it tell differently.
import type { RouteOptions } from 'fastify';
import { authErrors, bodyErrors, transportErrors } from './schemas.js';

/** Methods whose requests Fastify reads a body for: each can be refused with 413 or 415. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Adds to every route the error answers that do not depend on the route (malformed request, headers
 * too large, a fault, shutdown), 413/415 to routes that read a body, and 401 under /api/v1. A route's
 * own declaration of a status wins.
 */
export function declareCommonResponses(route: RouteOptions): void {
  if (!route.schema || route.schema.hide) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const response = (route.schema.response ?? {}) as Record<string, unknown>;
  route.schema.response = {
    ...transportErrors,
    ...(methods.some((m) => BODY_METHODS.has(m)) ? bodyErrors : {}),
    ...(route.url.startsWith('/api/v1') && route.schema.security === undefined
      ? { 401: authErrors[401] }
      : {}),
    ...response,
  };
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null;

/**
 * Marks a schema whose document form differs from the one the route validates with: the route takes
 * `validated` (e.g. any object, checked later against a schema chosen by a sibling field, which gives
 * clearer errors than Ajv's anyOf) and the document shows `documented` (the union it really accepts).
 */
export const DOCUMENTED_AS = 'x-hwa-documented-as';

/** Required properties that have a default are optional to a client: the server fills them in. */
function withoutDefaultedRequired(schema: JsonObject): JsonObject {
  const properties = isObject(schema.properties) ? schema.properties : undefined;
  if (!properties || !Array.isArray(schema.required)) return schema;
  const required = (schema.required as string[]).filter(
    (name) => !(isObject(properties[name]) && 'default' in properties[name]),
  );
  return { ...schema, required };
}

/** A copy of `schema` with every DOCUMENTED_AS replaced by its document form. */
function documentForm(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(documentForm);
  if (!isObject(schema)) return schema;
  if (DOCUMENTED_AS in schema) return documentForm(schema[DOCUMENTED_AS]);
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, documentForm(value)]));
}

/**
 * @fastify/swagger's transform: the route's schema as a client sees it. A multipart route describes
 * its form in `x-multipart-body` (a body schema there would make Fastify validate the unparsed body).
 */
export function documentedSchema(schema: JsonObject): JsonObject {
  const out: JsonObject = { ...schema };
  if (isObject(out.querystring)) out.querystring = withoutDefaultedRequired(out.querystring);
  if (isObject(out.body)) out.body = withoutDefaultedRequired(out.body);
  if (isObject(out['x-multipart-body'])) {
    out.body = out['x-multipart-body'];
    out.consumes = ['multipart/form-data'];
    delete out['x-multipart-body'];
  }
  // params too: a path value checked by the service (a reaction's emoji) is shown with its list.
  for (const part of ['body', 'response', 'params'] as const) {
    if (out[part] !== undefined) out[part] = documentForm(out[part]);
  }
  return out;
}
