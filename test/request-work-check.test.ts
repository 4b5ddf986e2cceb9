// The file-end check in test/helpers.ts: a file that leaves request work running fails. Proven here on
// a route held open by the test, so the check is known to see what it must see.
import { expect, it } from 'vitest';
import { heldRoute } from './held-route.js';
import { expectNoRequestWork, testApp } from './helpers.js';

it('fails while a handler still runs, and passes once it has finished', async () => {
  const { app } = await testApp();
  const { release, entered } = heldRoute(app, '/test/held');

  const answer = app.inject({ method: 'GET', url: '/test/held' });
  await entered;
  expect(() => expectNoRequestWork(app)).toThrow(/1 request\(s\) still running/);

  release();
  expect((await answer).statusCode).toBe(200);
  expect(() => expectNoRequestWork(app)).not.toThrow();
});
