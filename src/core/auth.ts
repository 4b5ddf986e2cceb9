// Bearer authentication for everything under /api/v1, run in onRequest: before the body is read or
// validated, so an unauthenticated caller learns nothing (not even whether an id or body is valid).
import type { FastifyInstance } from 'fastify';
import type { Actor, TokensService } from '../modules/tokens/tokens.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
}

export function requireBearer(scope: FastifyInstance, tokens: TokensService): void {
  scope.decorateRequest('actor', null as unknown as Actor);
  scope.addHook('onRequest', async (request) => {
    request.actor = await scope.inFlight.track(() => tokens.authenticate(request.headers.authorization));
  });
}
