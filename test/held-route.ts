// A route whose handler waits until the test releases it: how the shutdown tests hold a request in
// flight. Declared like any route (the contract check in test/contract.ts applies to it too).
import type { FastifyInstance } from 'fastify';

export function heldRoute(app: FastifyInstance, url = '/slow'): { release: () => void } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const schema = { response: { 200: { type: 'object', properties: { done: { type: 'boolean' } } } } };
  app.get(url, { schema }, async () => {
    await gate;
    return { done: true };
  });
  return { release };
}
