// Graceful shutdown must not close the database under a request still running: app.close() can
// resolve once connections are gone while a handler is mid-query, so server.ts waits for inFlight.
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { heldRoute } from './held-route.js';
import { testApp } from './helpers.js';

it('tracks a route handler from start to finish, through app.close()', async () => {
  const ctx = await testApp();
  const { release } = heldRoute(ctx.app);

  const response = ctx.app.inject({ method: 'GET', url: '/slow' });
  for (let i = 0; i < 200 && ctx.app.inFlight.count === 0; i++) await sleep(5);
  expect(ctx.app.inFlight.count).toBe(1);

  let idle = false;
  const closed = ctx.app
    .close()
    .then(() => ctx.app.inFlight.idle())
    .then(() => (idle = true));
  await sleep(20);
  expect(idle).toBe(false);

  release();
  expect((await response).json()).toEqual({ done: true });
  await closed;
  expect(idle).toBe(true);
});
