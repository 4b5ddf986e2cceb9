// The setup every batch-save test file shares, so each file holds only its feature: importing this
// module gives the file one metagraph app with Ann and Bob signed in, `mg` making Ann's calls, and
// `ctx` for what a test reads from the database; the builders of metagraph-helpers.ts come with it.
// Test files share this module (vitest.config.ts: isolate false), so each file calls batchSaveApp() at
// its top: the beforeAll it registers belongs to that file and runs before the file's own hooks (which
// may use `mg` already); the app closes when the file ends (test/per-file.ts). The bindings are live:
// they hold the file's app once that beforeAll has run.
import { beforeAll } from 'vitest';
import type { TestContext, TestUser } from './helpers.js';
import { metagraphTestApp, type MetagraphClient } from './metagraph-helpers.js';

export * from './metagraph-helpers.js';

export let ctx: TestContext;
export let ann: TestUser;
export let bob: TestUser;
export let mg: MetagraphClient;

export function batchSaveApp(): void {
  beforeAll(async () => {
    ({ ctx, ann, bob, mg } = await metagraphTestApp());
  });
}
