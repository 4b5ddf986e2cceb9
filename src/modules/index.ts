// The table of contents of the API: every URL prefix is registered here, one line each.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './services.js';
import { requireBearer } from '../core/auth.js';
import { annotationsRoutes } from './annotations/annotations.routes.js';
import { attachmentsRoutes } from './attachments/attachments.routes.js';
import { downloadsRoutes } from './attachments/downloads.routes.js';
import { documentsRoutes } from './documents/documents.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { issuesRoutes } from './issues/issues.routes.js';
import { commentsRoutes } from './issues/comments.routes.js';
import { issueFilesRoutes } from './issues/files.routes.js';
import { reactionsRoutes } from './issues/reactions.routes.js';
import { issueMetricsRoutes } from './issues/metrics.routes.js';
import { jobRunsRoutes } from './jobs/job-runs.routes.js';
import { jobsRoutes } from './jobs/jobs.routes.js';
import { sessionsRoutes } from './sessions/sessions.routes.js';
import { skillMdRoutes } from './skills/skill-md.routes.js';
import { skillsRoutes } from './skills/skills.routes.js';
import { openapiRoutes } from './openapi/openapi.routes.js';
import { memoriesRoutes } from './memories/memories.routes.js';
import { batchSaveRoutes } from './metagraph/batch-save.routes.js';
import { entityMemoriesRoutes } from './metagraph/entity-memories.routes.js';
import { metagraphRoutes } from './metagraph/metagraph.routes.js';
import { proposalsRoutes } from './metagraph/proposals.routes.js';
import { testRunAnalyticsRoutes } from './test-runs/analytics.routes.js';
import { testRunImportRoutes } from './test-runs/import.routes.js';
import { testRunSearchRoutes } from './test-runs/search.routes.js';
import { systemMemoriesRoutes } from './systems/system-memories.routes.js';
import { systemsRoutes } from './systems/systems.routes.js';
import { testDataRoutes } from './test-runs/data.routes.js';
import { testRunReportsRoutes } from './test-runs/reports.routes.js';
import { testCardTemplatesRoutes } from './test-card-templates/templates.routes.js';
import { testCardsRoutes } from './test-runs/cards.routes.js';
import { testStepsRoutes } from './test-runs/steps.routes.js';
import { testRunsRoutes } from './test-runs/test-runs.routes.js';
import { tokensRoutes } from './tokens/tokens.routes.js';

export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(healthRoutes, { deps });
  await app.register(downloadsRoutes, { prefix: '/downloads', deps });
  // The API description is public, like the /docs page that renders it: it describes, holds no data.
  await app.register(openapiRoutes, { prefix: '/api/v1/openapi.json' });

  await app.register(
    async (api) => {
      requireBearer(api, deps.services.tokens);
      await api.register(tokensRoutes, { prefix: '/tokens', deps });
      await api.register(systemsRoutes, { prefix: '/systems', deps });
      await api.register(metagraphRoutes, { prefix: '/systems', deps });
      await api.register(proposalsRoutes, { prefix: '/systems', deps });
      await api.register(documentsRoutes, { prefix: '/systems', deps });
      await api.register(entityMemoriesRoutes, { prefix: '/systems', deps });
      await api.register(batchSaveRoutes, { prefix: '/systems/metagraphs', deps });
      await api.register(systemMemoriesRoutes, { prefix: '/system-memories', deps });
      await api.register(memoriesRoutes, { prefix: '/memories', deps });
      await api.register(sessionsRoutes, { prefix: '/sessions', deps });
      await api.register(attachmentsRoutes, { prefix: '/attachments', deps });
      await api.register(annotationsRoutes, { prefix: '/annotations', deps });
      await api.register(skillsRoutes, { prefix: '/skills', deps });
      await api.register(skillMdRoutes, { prefix: '/skills', deps });
      await api.register(issueMetricsRoutes, { prefix: '/issues/metrics', deps });
      await api.register(issuesRoutes, { prefix: '/issues', deps });
      await api.register(commentsRoutes, { prefix: '/issues', deps });
      await api.register(reactionsRoutes, { prefix: '/issues', deps });
      await api.register(issueFilesRoutes, { prefix: '/issues', deps });
      await api.register(testRunAnalyticsRoutes, { prefix: '/test-runs/analytics', deps });
      await api.register(testRunImportRoutes, { prefix: '/test-runs/import', deps });
      await api.register(testRunSearchRoutes, { prefix: '/test-runs/search', deps });
      await api.register(jobsRoutes, { prefix: '/jobs', deps });
      await api.register(jobRunsRoutes, { prefix: '/job-runs', deps });
      await api.register(testDataRoutes, { prefix: '/test-runs', deps });
      await api.register(testRunsRoutes, { prefix: '/test-runs', deps });
      await api.register(testCardsRoutes, { prefix: '/test-runs', deps });
      await api.register(testStepsRoutes, { prefix: '/test-runs', deps });
      await api.register(testRunReportsRoutes, { prefix: '/test-runs', deps });
      await api.register(testCardTemplatesRoutes, { prefix: '/test-card-templates', deps });
    },
    { prefix: '/api/v1' },
  );
}
