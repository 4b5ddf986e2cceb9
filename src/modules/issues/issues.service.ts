// Issues: team-wide findings. Every signed-in user sees and changes every issue; what an issue links
// must be visible to whoever links it (attachments by the attachment rule, sessions only their
// owner's). Each write is one transaction with its history entries, so history never disagrees.
import type { Actor } from '../../core/auth.js';
import { Errors, type FieldError } from '../../core/errors.js';
import { iso, newId } from '../../core/ids.js';
import type { Db, Executor } from '../../db/client.js';
import * as attachmentsRepo from '../attachments/attachments.repository.js';
import { toAttachment } from '../attachments/attachments.service.js';
import * as systemsRepo from '../systems/systems.repository.js';
import * as historyRepo from './history.repository.js';
import { imageRefs, plainText, type Block } from './issues.blocks.js';
import * as listRepo from './issues-list.repository.js';
import * as repo from './issues.repository.js';
import {
  closedAtAfter,
  initialChanges,
  isClosed,
  trackedChanges,
  uniqueTags,
  type Change,
} from './issues.rules.js';
import {
  DEFAULT_OWNER,
  type CreateIssueBody,
  type HistoryEntry,
  type Issue,
  type ListIssuesQuery,
  type UpdateIssueBody,
} from './issues.schemas.js';

const unknownIn = (field: string, ids: readonly string[], known: Set<string>, what: string): FieldError[] =>
  ids.flatMap((id, i) =>
    known.has(id.toLowerCase()) ? [] : [{ path: `body.${field}[${i}]`, message: what }],
  );

const lower = (ids: readonly string[] | undefined) => [...new Set((ids ?? []).map((id) => id.toLowerCase()))];

/** The list query in the repository's terms; the default sort and order follow `q`. */
function filterOf(query: ListIssuesQuery): listRepo.IssueFilter {
  const sort = query.sort ?? (query.q ? 'relevance' : 'created_at');
  return {
    statuses: query.status,
    priorities: query.priority,
    q: query.q,
    tags: query.tags,
    owner: query.owner,
    createdBy: query.created_by,
    systemId: query.system_id,
    createdAfter: query.created_after ? new Date(query.created_after) : undefined,
    createdBefore: query.created_before ? new Date(query.created_before) : undefined,
    sort,
    order: query.order ?? (sort === 'relevance' ? 'desc' : 'asc'),
    limit: query.limit,
    offset: query.offset,
  };
}

export class IssuesService {
  constructor(private readonly db: Db) {}

  /** The live issue, or 404. Comments, reactions and files call this before touching an issue. */
  async liveIssue(id: string, ex: Executor = this.db): Promise<repo.IssueRow> {
    const row = await repo.findLiveIssue(ex, id);
    if (!row) throw Errors.notFound('issue');
    return row;
  }

  /**
   * 400 naming every id the caller may not link, every image they may not show, an unknown system.
   * `shown`: images the issue already shows, which a colleague editing the description may keep.
   */
  private async checkLinks(actor: Actor, body: Partial<CreateIssueBody>, shown: Block[] = []): Promise<void> {
    const kept = new Set(imageRefs(shown).map((r) => r.attachmentId.toLowerCase()));
    const images = imageRefs(body.description ?? []).filter((r) => !kept.has(r.attachmentId.toLowerCase()));
    const attachmentIds = body.attachment_ids ?? [];
    const sessionIds = body.session_ids ?? [];
    const [visible, own, system] = await Promise.all([
      attachmentsRepo.visibleIds(
        this.db,
        actor.userId,
        lower([...attachmentIds, ...images.map((r) => r.attachmentId)]),
      ),
      repo.ownSessionIds(this.db, actor.userId, lower(sessionIds)),
      body.system_id ? systemsRepo.findLiveSystem(this.db, body.system_id) : undefined,
    ]);
    const problems = [
      ...unknownIn('attachment_ids', attachmentIds, visible, 'names no attachment you can see'),
      ...unknownIn('session_ids', sessionIds, own, 'names no session of yours'),
      ...images
        .filter((r) => !visible.has(r.attachmentId.toLowerCase()))
        .map((r) => ({ path: r.path, message: 'names no attachment you can see' })),
      ...(body.system_id && !system ? [{ path: 'body.system_id', message: 'names no live system' }] : []),
    ];
    if (problems.length > 0) throw Errors.validation(problems);
  }

  private record(tx: Executor, issueId: string, actor: Actor, changes: Change[]) {
    return historyRepo.appendHistory(
      tx,
      changes.map((c) => ({
        id: newId(),
        issueId,
        field: c.field,
        fromValue: c.from,
        toValue: c.to,
        changedBy: actor.email,
      })),
    );
  }

  async create(actor: Actor, body: CreateIssueBody): Promise<Issue> {
    await this.checkLinks(actor, body);
    const status = body.status ?? 'open';
    const fields = {
      title: body.title,
      status,
      priority: body.priority ?? 'low',
      owner: body.owner ?? DEFAULT_OWNER,
      tags: uniqueTags(body.tags ?? []),
    };
    const row = await this.db.transaction(async (tx) => {
      const issue = await repo.insertIssue(tx, {
        id: newId(),
        systemId: body.system_id ?? null,
        ...fields,
        description: body.description,
        descriptionText: plainText(body.description),
        resolutionSummary: body.resolution_summary ?? null,
        createdBy: actor.email,
        creatorId: actor.userId,
        jobRunId: null, // set by the job runs that file issues
        closedAt: isClosed(status) ? new Date() : null,
      });
      await repo.linkAttachments(tx, issue.id, lower(body.attachment_ids));
      await repo.linkSessions(tx, issue.id, lower(body.session_ids));
      await this.record(tx, issue.id, actor, initialChanges(fields));
      return issue;
    });
    return (await this.present([row]))[0]!;
  }

  async get(_actor: Actor, id: string): Promise<Issue> {
    return (await this.present([await this.liveIssue(id)]))[0]!;
  }

  async list(_actor: Actor, query: ListIssuesQuery): Promise<{ items: Issue[]; count: number }> {
    if (query.sort === 'relevance' && !query.q) {
      throw Errors.invalidField('query.sort', 'may be `relevance` only together with `q`');
    }
    const { ids, count } = await listRepo.listIssueIds(this.db, filterOf(query));
    const rows = new Map((await repo.findLiveIssues(this.db, ids)).map((r) => [r.id, r]));
    const page = ids.flatMap((id) => rows.get(id) ?? []);
    return { items: await this.present(page), count };
  }

  /** Only the given fields change; tracked ones that really move are written to the history. */
  async update(actor: Actor, id: string, body: UpdateIssueBody): Promise<Issue> {
    if (body.description) {
      const current = (await this.liveIssue(id)).description as Block[];
      await this.checkLinks(actor, { description: body.description }, current);
    }
    const row = await this.db.transaction(async (tx) => {
      const before = await repo.lockLiveIssue(tx, id);
      if (!before) throw Errors.notFound('issue');
      const patch: Parameters<typeof repo.updateIssue>[2] = {};
      if (body.title !== undefined) patch.title = body.title;
      if (body.priority !== undefined) patch.priority = body.priority;
      if (body.owner !== undefined) patch.owner = body.owner;
      if (body.tags !== undefined) patch.tags = uniqueTags(body.tags);
      if (body.resolution_summary !== undefined) patch.resolutionSummary = body.resolution_summary;
      if (body.description !== undefined) {
        patch.description = body.description;
        patch.descriptionText = plainText(body.description);
      }
      if (body.status !== undefined) {
        patch.status = body.status;
        patch.closedAt = closedAtAfter(before, body.status, new Date());
      }
      // Nothing to change (`{}`): the issue stays as it was, updated_at included.
      if (Object.keys(patch).length === 0) return before;
      await this.record(tx, id, actor, trackedChanges(before, patch));
      return repo.updateIssue(tx, id, patch);
    });
    return (await this.present([row]))[0]!;
  }

  async remove(_actor: Actor, id: string): Promise<void> {
    if (!(await repo.softDeleteIssue(this.db, id))) throw Errors.notFound('issue');
  }

  async history(_actor: Actor, id: string): Promise<HistoryEntry[]> {
    await this.liveIssue(id);
    return (await historyRepo.listHistory(this.db, id)).map((h) => ({
      uuid: h.id,
      field: h.field,
      from: h.fromValue as HistoryEntry['from'],
      to: h.toValue as HistoryEntry['to'],
      changed_by: h.changedBy,
      changed_at: iso(h.changedAt),
    }));
  }

  /** Issues as the API shows them, with their links read now (three queries for the whole page). */
  private async present(rows: repo.IssueRow[]): Promise<Issue[]> {
    const ids = rows.map((r) => r.id);
    const [sessions, attachments, sessionFiles] = await Promise.all([
      repo.linkedSessions(this.db, ids),
      repo.linkedAttachments(this.db, ids),
      repo.sessionFiles(this.db, ids),
    ]);
    const of = <T extends { issueId: string }>(list: T[], id: string) => list.filter((x) => x.issueId === id);
    return rows.map((r) => ({
      uuid: r.id,
      title: r.title,
      description: r.description as Block[],
      status: r.status,
      priority: r.priority,
      tags: r.tags,
      owner: r.owner,
      resolution_summary: r.resolutionSummary,
      system_id: r.systemId,
      created_by: r.createdBy,
      created_at: iso(r.createdAt),
      updated_at: iso(r.updatedAt),
      sessions: of(sessions, r.id).map((s) => ({ session_id: s.sessionId, session_title: s.title })),
      attachments: of(attachments, r.id).map((a) => toAttachment(a.attachment)),
      // Two linked sessions may hold the same file: it is listed once.
      session_attachments: [
        ...new Map(of(sessionFiles, r.id).map((a) => [a.attachment.id, toAttachment(a.attachment)])).values(),
      ],
      job_run_id: r.jobRunId,
    }));
  }
}
