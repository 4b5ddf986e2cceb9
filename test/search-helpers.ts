// Factories for the test-run search suites: a run with text in every kind of component (run, card,
// step, observation, report, data file), written through the API where the API writes it and
// inserted as its module would otherwise (reports, data files), so every trigger path is exercised.
import { newId } from '../src/core/ids.js';
import { testDataFiles, testRunReports } from '../src/db/schema.js';
import type { SearchAnswer } from '../src/modules/test-runs/search.schemas.js';
import { ok, type TestContext, type TestUser } from './helpers.js';
import { runClient } from './test-run-helpers.js';

export function searchClient(ctx: TestContext, user: TestUser) {
  const rc = runClient(ctx, user);
  return {
    rc,
    search: async (query: Record<string, string | string[]>) =>
      ok(await user.call<SearchAnswer>('GET', '/test-runs/search', undefined, { query })),
    answer: (query: Record<string, string | string[]>) =>
      user.call<SearchAnswer>('GET', '/test-runs/search', undefined, { query }),
    observe: (runId: string, cardId: string, stepId: string, text: string) =>
      user.call('POST', `/test-runs/${runId}/cards/${cardId}/steps/${stepId}/observations`, { text }),
    async report(
      runId: string,
      fields: { title: string; summary?: string; content?: string; cardId?: string; stepId?: string },
    ) {
      const id = newId();
      await ctx.database.db.insert(testRunReports).values({
        id,
        runId,
        scope: fields.stepId ? 'step' : fields.cardId ? 'card' : 'run',
        cardId: fields.cardId,
        stepId: fields.stepId,
        title: fields.title,
        summary: fields.summary ?? '',
        content: fields.content ?? '',
        status: 'completed',
        createdBy: user.email,
      });
      return id;
    },
    async dataFile(runId: string, fileName: string) {
      const id = newId();
      await ctx.database.db.insert(testDataFiles).values({
        id,
        runId,
        fileName,
        storageUrl: `file:///${fileName}`,
        fileSize: 10,
        uploadedBy: user.email,
      });
      return id;
    },
  };
}
