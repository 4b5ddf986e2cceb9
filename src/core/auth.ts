// Bearer authentication for everything under /api/v1, run in onRequest: before the body is read or
// validated, so an unauthenticated caller learns nothing (not even whether an id or body is valid).
import type { FastifyInstance } from 'fastify';

/** Who is calling: the owner of the bearer token. */
export interface Actor {
  userId: string;
  email: string;
  isAdmin: boolean;
  tokenId: string;
}

/** Turns an Authorization header into an actor or throws 401; the tokens module implements it. */
export interface Authenticator {
  authenticate(header: string | undefined): Promise<Actor>;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
}

export function requireBearer(scope: FastifyInstance, tokens: Authenticator): void {
  scope.decorateRequest('actor', null as unknown as Actor);
  scope.addHook('onRequest', async (request) => {
    request.actor = await scope.inFlight.track(() => tokens.authenticate(request.headers.authorization));
  });
}
