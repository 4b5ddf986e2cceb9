// Factories for the test-run suites: runs, cards, steps and templates made through the API as a client
// would, plus rows only other modules write (data files, reports) inserted directly, so summaries can
// be checked against hand-computed numbers.
import { newId } from '../src/core/ids.js';
import { testDataFiles, testRunReports } from '../src/db/schema.js';
import type { BatchSaveResult } from '../src/modules/metagraph/batch-save.schemas.js';
import type { Template } from '../src/modules/test-card-templates/templates.schemas.js';
import type { TestCard, TestRun, TestStep } from '../src/modules/test-runs/test-runs.schemas.js';
import { ok, type TestContext, type TestUser } from './helpers.js';

export function runClient(ctx: TestContext, user: TestUser) {
  const client = {
    /** A new run (of a new system of the user unless `system_id` is given). */
    run: async (fields: Record<string, unknown> = {}, as = user) =>
      ok(await client.runAnswer(fields, as), 201),
    /** The answer to POST /test-runs, refused or not (a new system unless `system_id` is given). */
    async runAnswer(fields: Record<string, unknown> = {}, as = user) {
      const system_id = fields.system_id ?? (await ctx.newSystem(user)).system_id;
      return as.call<TestRun>('POST', '/test-runs', { title: 'TVAC cycle 1', system_id, ...fields });
    },
    async card(runId: string, fields: Record<string, unknown> = {}, as = user): Promise<TestCard> {
      return ok(
        await as.call<TestCard>('POST', `/test-runs/${runId}/cards`, { title: 'Bake-out', ...fields }),
        201,
      );
    },
    async step(
      runId: string,
      cardId: string,
      fields: Record<string, unknown> = {},
      as = user,
    ): Promise<TestStep> {
      const path = `/test-runs/${runId}/cards/${cardId}/steps`;
      return ok(await as.call<TestStep>('POST', path, { title: 'Power on', ...fields }), 201);
    },
    patchStep: (runId: string, cardId: string, stepId: string, body: unknown, as = user) =>
      as.call<TestStep>('PATCH', `/test-runs/${runId}/cards/${cardId}/steps/${stepId}`, body),
    get: async (runId: string, as = user) => ok(await as.call<TestRun>('GET', `/test-runs/${runId}`)),
    async template(fields: Record<string, unknown> = {}, as = user): Promise<Template> {
      return ok(
        await as.call<Template>('POST', '/test-card-templates', { title: 'Functional test', ...fields }),
        201,
      );
    },
    /** Approved entities of `systemId` by name, through a batch save. */
    async entities(systemId: string, names: string[]): Promise<Record<string, string>> {
      const creates = names.map((name, i) => ({ local_id: `e${i}`, type: 'COMPONENT', name }));
      const saved = ok(
        await user.call<BatchSaveResult>('POST', `/systems/metagraphs/${systemId}/batch-save`, { creates }),
      );
      return Object.fromEntries(names.map((name, i) => [name, saved.entity_ids[`e${i}`]!]));
    },
    /** A registered data file and a report, written as their modules would. */
    async dataFile(runId: string) {
      await ctx.database.db.insert(testDataFiles).values({
        id: newId(),
        runId,
        fileName: 'tvac.csv',
        storageUrl: 'file:///tvac.csv',
        fileSize: 10,
        uploadedBy: user.email,
      });
    },
    async report(runId: string) {
      await ctx.database.db
        .insert(testRunReports)
        .values({ id: newId(), runId, scope: 'run', title: 'Analysis', createdBy: user.email });
    },
  };
  return client;
}
