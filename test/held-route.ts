// A route whose handler waits until the test releases it: how the shutdown tests (and the file-end
// check on request work) hold a request in flight. Declared like any route (the contract check in
// test/contract.ts applies to it too).
import type { FastifyInstance } from 'fastify';

export function heldRoute(
  app: FastifyInstance,
  url = '/slow',
): { release: () => void; /** Resolves once a request has reached the handler. */ entered: Promise<void> } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let enter!: () => void;
  const entered = new Promise<void>((resolve) => (enter = resolve));
  const schema = { response: { 200: { type: 'object', properties: { done: { type: 'boolean' } } } } };
  app.get(url, { schema }, async () => {
    enter();
    await gate;
    return { done: true };
  });
  return { release, entered };
}
