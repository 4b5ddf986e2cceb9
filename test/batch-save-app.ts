// The setup every batch-save test file shares, so each file holds only its feature: importing this
// module gives the file one metagraph app with Ann and Bob signed in, `mg` making Ann's calls, and
// `ctx` for what a test reads from the database; the builders of metagraph-helpers.ts come with it.
// Vitest evaluates this module once per test file, so the beforeAll below belongs to the importing
// file and runs before that file's own hooks (which may use `mg` already); the app closes when the
// file ends (test/helpers.ts). The bindings are live: they hold the app once that beforeAll has run.
import { beforeAll } from 'vitest';
import type { TestContext, TestUser } from './helpers.js';
import { metagraphTestApp, type MetagraphClient } from './metagraph-helpers.js';

export * from './metagraph-helpers.js';

export let ctx: TestContext;
export let ann: TestUser;
export let bob: TestUser;
export let mg: MetagraphClient;

beforeAll(async () => {
  ({ ctx, ann, bob, mg } = await metagraphTestApp());
});
