// Analysis reports of a test run: ask for one (the report and its test_run_report job run commit
// together, or neither), list them and read one. Runs are team-wide: every signed-in user may.
//
// Refusals: a scope without the ids it needs is 400 naming the field (spec Errors rule 3), as is an id
// the scope does not take; a card or step that is not of this run (or a step not on that card) is 404,
// like the run itself.
import type { Actor } from '../../core/auth.js';
import { Errors, type FieldError } from '../../core/errors.js';
import { iso, newId } from '../../core/ids.js';
import type { Db, Executor } from '../../db/client.js';
import { enqueue } from '../../jobs/queue.js';
import type { ObjectStorage } from '../../storage/port.js';
import type { DownloadSigner } from '../../storage/signed-urls.js';
import { findById as findAttachment } from '../attachments/attachments.repository.js';
import { insertJob } from '../jobs/jobs.repository.js';
import { CHART_REF } from '../../analysis/report/markdown.js';
import * as data from './data.repository.js';
import { toDataFile } from './data.service.js';
import * as repo from './reports.repository.js';
import { TEST_RUN_REPORT } from './reports.job.js';
import { recordRunActivity } from './run-activity.repository.js';
import type { CreateReportBody, ListReportsQuery, Report, ReportFinding } from './reports.schemas.js';

const runNumber = (n: number) => `TR-${String(n).padStart(4, '0')}`;

export class TestRunReportsService {
  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStorage,
    private readonly signer: DownloadSigner,
    private readonly links: { publicUrl: string; ttlSeconds: number },
  ) {}

  async create(actor: Actor, runId: string, body: CreateReportBody): Promise<Report> {
    const { scope } = body;
    const cardId = body.test_card_id ?? null;
    const stepId = body.test_step_id ?? null;
    const errors: FieldError[] = [];
    if (scope !== 'run' && cardId === null)
      errors.push({ path: 'body.test_card_id', message: `is required when scope is \`${scope}\`` });
    if (scope === 'step' && stepId === null)
      errors.push({ path: 'body.test_step_id', message: 'is required when scope is `step`' });
    if (scope === 'run' && cardId !== null)
      errors.push({ path: 'body.test_card_id', message: 'is only taken with scope `card` or `step`' });
    if (scope !== 'step' && stepId !== null)
      errors.push({ path: 'body.test_step_id', message: 'is only taken with scope `step`' });
    if (errors.length > 0) throw Errors.validation(errors);

    const id = newId();
    await this.db.transaction(async (tx) => {
      // Locked: a run deleted meanwhile gets no report; card and step are held until the commit.
      if (!(await data.lockLiveRun(tx, runId))) throw Errors.notFound('test run');
      if (cardId !== null && !(await data.findCardOfRun(tx, runId, cardId, true)))
        throw Errors.notFound('test card');
      if (stepId !== null) {
        const step = await data.findStepOfRun(tx, runId, stepId, true);
        if (!step || step.cardId !== cardId) throw Errors.notFound('test step on that card');
      }
      const title = await this.title(tx, runId, cardId, stepId);
      const config = {
        job_type: TEST_RUN_REPORT,
        report_id: id,
        ...(body.create_issues !== undefined ? { create_issues: body.create_issues } : {}),
      };
      const jobName = title.slice(0, 300);
      const job = await insertJob(tx, {
        id: newId(),
        ownerId: actor.userId,
        createdBy: actor.email,
        name: jobName,
        jobType: TEST_RUN_REPORT,
        config,
      });
      const jobRunId = await enqueue(tx, {
        jobId: job.id,
        jobType: TEST_RUN_REPORT,
        jobName,
        config,
        createdBy: actor.email,
        maxAttempts: 2,
      });
      await repo.insertReport(tx, {
        id,
        runId,
        scope,
        cardId,
        stepId,
        title,
        analysisContext: body.analysis_context ?? '',
        jobRunId,
        createdBy: actor.email,
        creatorId: actor.userId,
      });
      await recordRunActivity(tx, runId, actor.email);
    });
    return this.get(actor, runId, id);
  }

  /** "Analysis of TR-0003 › Card 2: Thermal cycle › Step 1: Hold +60 °C". */
  private async title(
    tx: Executor,
    runId: string,
    cardId: string | null,
    stepId: string | null,
  ): Promise<string> {
    const { run, card, step } = await repo.titleParts(tx, runId, cardId, stepId);
    const parts = [`Analysis of ${runNumber(run!.number)}`];
    if (card) parts.push(`Card ${card.order}: ${card.title}`);
    if (step) parts.push(`Step ${step.order}: ${step.title}`);
    if (!card) parts[0] += `: ${run!.title}`;
    return parts.join(' › ');
  }

  async list(
    _actor: Actor,
    runId: string,
    query: ListReportsQuery,
  ): Promise<{ items: Report[]; count: number }> {
    await this.liveRun(runId);
    const { rows, count } = await repo.listReports(this.db, runId, query);
    return { items: await this.present(rows), count };
  }

  async get(_actor: Actor, runId: string, reportId: string): Promise<Report> {
    await this.liveRun(runId);
    const row = await repo.findReport(this.db, runId, reportId);
    if (!row) throw Errors.notFound('test run report');
    return (await this.present([row]))[0]!;
  }

  private async liveRun(runId: string): Promise<void> {
    if (!(await data.findLiveRun(this.db, runId))) throw Errors.notFound('test run');
  }

  private async present(rows: repo.ReportRow[]): Promise<Report[]> {
    const issues = await repo.issuesOfReports(
      this.db,
      rows.map((r) => r.id),
    );
    // Reports of one scope cover the same files: read them once per scope, not once per report.
    const scopes = new Map<string, ReturnType<typeof repo.filesInScope>>();
    const filesOf = (r: repo.ReportRow) => {
      const key = `${r.scope}:${r.cardId}:${r.stepId}`;
      if (!scopes.has(key)) scopes.set(key, repo.filesInScope(this.db, r));
      return scopes.get(key)!;
    };
    return Promise.all(
      rows.map(async (r) => {
        const { files, associations } = await filesOf(r);
        const charts = await Promise.all(
          r.charts.map(async (c) => ({ ...c, download_url: await this.link(c.attachment_id) })),
        );
        let content = r.content;
        for (const c of charts)
          content = content.split(`${CHART_REF}${c.attachment_id}`).join(c.download_url);
        return {
          uuid: r.id,
          title: r.title,
          scope: r.scope,
          test_card_id: r.cardId,
          test_step_id: r.stepId,
          status: r.status,
          content,
          summary: r.summary,
          findings: r.findings as ReportFinding[],
          charts,
          error: r.error,
          analysis_context: r.analysisContext,
          issues: issues
            .filter((i) => i.reportId === r.id)
            .map((i) => ({ uuid: i.uuid, title: i.title, status: i.status, priority: i.priority })),
          test_data: files.map((f) =>
            toDataFile(
              f,
              associations.filter((a) => a.fileId === f.id),
            ),
          ),
          job_run_id: r.jobRunId,
          created_by: r.createdBy,
          created_at: iso(r.createdAt),
          updated_at: iso(r.updatedAt),
        };
      }),
    );
  }

  /**
   * A chart's download link, made at each read: a markdown viewer cannot send a bearer token with an
   * image request, and a link stored with the report would expire (HWA_SIGNED_URL_TTL).
   */
  private async link(attachmentId: string): Promise<string> {
    const row = await findAttachment(this.db, attachmentId);
    const presigned =
      row &&
      (await this.storage.presignedGet(row.storageKey, {
        expiresIn: this.links.ttlSeconds,
        fileName: row.name,
        contentType: row.contentType,
      }));
    return presigned ?? this.signer.sign(this.links.publicUrl, attachmentId, this.links.ttlSeconds);
  }
}
