// Assertions on RFC 9457 problem answers, shared by the behaviour suites: every refusal a client gets
// has the same shape, names every invalid field by its path, and quotes the request id it was given.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Answer } from './helpers.js';

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors: { path: string; message: string }[];
  request_id: string;
  [extension: string]: unknown;
}

/**
 * Asserts `answer` (a response, or what a factory `call` answered) is a problem+json answer with
 * `status`. With `paths`, the set of field paths in
 * `errors` must be exactly those (a field may appear with several messages).
 */
export function expectProblem(
  answer: Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body' | 'json'> | Answer<unknown>,
  status: number,
  paths?: string[],
): ProblemBody {
  const res = 'res' in answer ? answer.res : answer;
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json\b/);
  const body = res.json<ProblemBody>();
  expect(typeof body.type).toBe('string');
  expect(body.type.length).toBeGreaterThan(0);
  expect(typeof body.title).toBe('string');
  expect(body.title.length).toBeGreaterThan(0);
  expect(body.status).toBe(status);
  expect(typeof body.detail).toBe('string');
  expect(body.detail.length).toBeGreaterThan(0);
  expect(Array.isArray(body.errors)).toBe(true);
  for (const error of body.errors) {
    expect(typeof error.path).toBe('string');
    expect(typeof error.message).toBe('string');
    expect(error.message.length).toBeGreaterThan(0);
  }
  const requestId = res.headers['x-request-id'];
  expect(typeof requestId).toBe('string');
  expect(requestId).not.toBe('');
  expect(body.request_id).toBe(requestId);
  if (paths) {
    expect([...new Set(body.errors.map((e) => e.path))].sort()).toEqual([...paths].sort());
  }
  return body;
}
