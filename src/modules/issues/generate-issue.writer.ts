// How generate_issue writes one failure: a new issue, or a comment on the issue already filed for it.
//
// Never twice: each failure has a stable key (generate-issue.rules.ts) kept in issue_failure_keys with
// the issue it was filed as. A later run that meets the key comments on that issue ("seen again")
// whatever its status, and files nothing: the key names one piece of evidence (a step of one run, a
// fault in one run's data), so a resolved or rejected issue about it is not a new failure — a new test
// run's failure has a new key and its own issue — and reopening is left to the people who closed it,
// who know why. Only a deleted issue is filed anew (nobody could read a comment on it); the key moves.
import path from 'node:path';
import { newId } from '../../core/ids.js';
import type { Db, Executor } from '../../db/client.js';
import { locateStorageUrl } from '../../storage/locations.js';
import type { StoragePlace } from '../../storage/port.js';
import * as attachmentsRepo from '../attachments/attachments.repository.js';
import { testRunId } from '../test-runs/test-runs.service.js';
import * as commentsRepo from './comments.repository.js';
import * as filesRepo from './files.repository.js';
import * as repo from './generate-issue.repository.js';
import {
  descriptionOf,
  priorityOf,
  seenAgainComment,
  tagsOf,
  titleOf,
  type Failure,
} from './generate-issue.rules.js';
import * as historyRepo from './history.repository.js';
import { plainText } from './issues.blocks.js';
import * as issuesRepo from './issues.repository.js';
import { initialChanges } from './issues.rules.js';
import { ASSISTANT_CREATOR, DEFAULT_OWNER } from './issues.schemas.js';

export interface Outcome {
  issueId: string;
  title: string;
  /** True when this run filed the issue; false when it commented on one filed before. */
  filed: boolean;
}

/** Another run filed the failure between our read of its key and our insert: comment instead. */
class KeyTaken extends Error {}

/** A stored finding is read tolerantly: an id the database could not parse is no chart. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Data files linked to an issue about a step none of whose files is associated with it, at most. */
const MAX_RUN_FILES = 10;

export class IssueWriter {
  /** Data file id -> the attachment made for it by this job run, so its issues share one. */
  private readonly fileAttachments = new Map<string, string>();
  private files: Awaited<ReturnType<typeof repo.dataFiles>> | undefined;

  constructor(
    private readonly db: Db,
    private readonly place: StoragePlace,
    private readonly job: { jobRunId: string; systemId: string; additionalContext?: string },
  ) {}

  async write(failure: Failure): Promise<Outcome> {
    const existing = await repo.issueOfKey(this.db, failure.key);
    if (existing?.live) {
      // Filed by this very run before a crash or pause: it was handled, not seen again.
      if (existing.jobRunId === this.job.jobRunId) return { ...existing, filed: true };
      return this.comment(failure, existing);
    }
    try {
      return await this.file(failure);
    } catch (err) {
      if (!(err instanceof KeyTaken)) throw err;
      const winner = await repo.issueOfKey(this.db, failure.key);
      if (!winner) throw new Error(`failure ${failure.key} was filed and then lost its issue`);
      return this.comment(failure, winner);
    }
  }

  private async comment(failure: Failure, issue: { issueId: string; title: string }): Promise<Outcome> {
    // No new test_run_issues row: the run, card or step and the report that first found the failure
    // list the issue already, and a second row would list it twice on the run; the comment names
    // where it was seen again.
    await this.db.transaction((tx) =>
      commentsRepo.insertComment(
        tx,
        {
          id: newId(),
          issueId: issue.issueId,
          authorId: null,
          createdBy: ASSISTANT_CREATOR,
          content: seenAgainComment(failure, this.job.jobRunId),
        },
        [],
      ),
    );
    return { issueId: issue.issueId, title: issue.title, filed: false };
  }

  private async file(failure: Failure): Promise<Outcome> {
    const title = titleOf(failure);
    const chart = await this.chartOf(failure);
    // Made before the issue's transaction and shared by this run's issues; should another run file
    // the failure first, the attachment rows stay unused (they copy no bytes).
    const dataAttachments = await this.dataAttachments(failure);
    const description = descriptionOf(failure, {
      jobRunId: this.job.jobRunId,
      chartAttachmentId: chart?.id,
      additionalContext: this.job.additionalContext,
    });
    const fields = {
      title,
      status: 'open' as const,
      priority: priorityOf(failure),
      owner: DEFAULT_OWNER,
      tags: tagsOf(failure),
    };
    const issueId = newId();
    await this.db.transaction(async (tx) => {
      await issuesRepo.insertIssue(tx, {
        id: issueId,
        systemId: this.job.systemId,
        ...fields,
        description,
        descriptionText: plainText(description),
        resolutionSummary: null,
        createdBy: ASSISTANT_CREATOR,
        creatorId: null,
        jobRunId: this.job.jobRunId,
        closedAt: null,
      });
      if (!(await repo.claimKey(tx, failure.key, issueId))) throw new KeyTaken();
      await historyRepo.appendHistory(
        tx,
        initialChanges(fields).map((c) => ({
          id: newId(),
          issueId,
          field: c.field,
          fromValue: c.from,
          toValue: c.to,
          changedBy: ASSISTANT_CREATOR,
        })),
      );
      const attached = [...dataAttachments, ...(chart ? [{ ...chart, type: 'chart' }] : [])];
      await issuesRepo.linkAttachments(
        tx,
        issueId,
        attached.map((a) => a.id),
      );
      for (const a of attached) {
        await filesRepo.insertFile(tx, {
          id: newId(),
          issueId,
          attachmentId: a.id,
          fileName: a.name,
          fileType: a.type,
          createdBy: ASSISTANT_CREATOR,
        });
      }
      await repo.linkToRun(tx, this.link(failure, issueId));
    });
    return { issueId, title, filed: true };
  }

  private link(failure: Failure, issueId: string) {
    const base = { id: newId(), runId: failure.run.id, issueId };
    return failure.type === 'step'
      ? { ...base, cardId: failure.step.cardId, stepId: failure.step.stepId, reportId: null }
      : {
          ...base,
          cardId: failure.report.cardId,
          stepId: failure.report.stepId,
          reportId: failure.report.id,
        };
  }

  /** The finding's chart when the report stored one that still exists; nothing otherwise. */
  private async chartOf(failure: Failure): Promise<{ id: string; name: string } | undefined> {
    const id = failure.type === 'finding' ? failure.finding.chart_attachment_id : undefined;
    if (typeof id !== 'string' || !UUID.test(id)) return undefined;
    const row = await attachmentsRepo.findById(this.db, id.toLowerCase());
    return row && { id: row.id, name: row.name };
  }

  /**
   * The run's data files behind the failure, as attachments made by the service: a finding's own file
   * (by id, else by name); a step's files (associated with it or its card, else the run's first few).
   * Each points at the registered object itself: nothing is copied, and removing the registration
   * later leaves the attachment naming an object that may be gone.
   */
  private async dataAttachments(failure: Failure): Promise<{ id: string; name: string; type: string }[]> {
    this.files ??= await repo.dataFiles(this.db, failure.run.id);
    const all = this.files;
    let chosen: typeof all;
    if (failure.type === 'finding') {
      const f = failure.finding;
      const byId = all.filter((d) => d.file.id === f.data_file_id);
      chosen = byId.length > 0 ? byId : all.filter((d) => d.file.fileName === f.file).slice(0, 1);
    } else {
      const { stepId, cardId } = failure.step;
      const own = all.filter((d) => d.stepIds.includes(stepId) || d.cardIds.includes(cardId));
      chosen = own.length > 0 ? own : all.slice(0, MAX_RUN_FILES);
    }
    const out: { id: string; name: string; type: string }[] = [];
    for (const { file } of chosen) {
      const id = this.fileAttachments.get(file.id) ?? (await this.attachmentOf(this.db, failure, file));
      if (id) out.push({ id, name: file.fileName, type: 'test_data' });
    }
    return out;
  }

  private async attachmentOf(
    ex: Executor,
    failure: Failure,
    file: repo.DataFileRow,
  ): Promise<string | undefined> {
    const located = locateStorageUrl(file.storageUrl, this.place);
    if (!('key' in located)) return undefined; // registered under another storage configuration
    const extension = path.extname(file.fileName).slice(1).toLowerCase();
    const [row] = await attachmentsRepo.insertAttachments(ex, [
      {
        id: newId(),
        userId: null,
        createdBy: attachmentsRepo.ASSISTANT,
        name: file.fileName,
        attachmentType: /^[a-z0-9]{1,10}$/.test(extension) ? extension : 'bin',
        contentType: file.contentType,
        size: file.fileSize,
        storageKey: located.key,
        title: `${testRunId(failure.run.runNumber)} data: ${file.fileName}`,
        description: `Data file of test run ${testRunId(failure.run.runNumber)}, linked by job run ${this.job.jobRunId}.`,
      },
    ]);
    this.fileAttachments.set(file.id, row!.id);
    return row!.id;
  }
}
