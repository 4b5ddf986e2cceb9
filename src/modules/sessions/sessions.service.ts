// Sessions: a user's private conversation threads. Uploaded files become attachments of the session;
// an upload is all or nothing (a refused file removes every object this request stored).
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { Errors, HwaError, type FieldError } from '../../core/errors.js';
import { iso, isoOrNull, newId } from '../../core/ids.js';
import type { ObjectStorage } from '../../storage/port.js';
import * as attachmentsRepo from '../attachments/attachments.repository.js';
import { toAttachment } from '../attachments/attachments.service.js';
import type { Attachment } from '../attachments/attachments.schemas.js';
import { takeFile, type TakenFile } from '../attachments/intake.js';
import type { Actor } from '../../core/auth.js';
import * as repo from './sessions.repository.js';
import {
  DEFAULT_SESSION_TITLE,
  type CreateSessionBody,
  type Session,
  type SessionListItem,
  type UpdateSessionBody,
} from './sessions.schemas.js';

/** One part of a multipart upload, as the route hands it over. */
export interface UploadPart {
  fieldname: string;
  filename?: string;
  file?: Readable & { truncated?: boolean };
  /** The file part's Content-Type as the client sent it. */
  mimetype?: string;
  /** A text field's value (document uploads read `metadata`). */
  value?: string;
}

function toListItem(row: repo.SessionRow): SessionListItem {
  return {
    session_id: row.id,
    session_title: row.title,
    session_description: row.description,
    session_created_by: row.createdBy,
    session_created_at: iso(row.createdAt),
    imported_projects: row.importedProjects,
    is_starred: row.isStarred,
    starred_at: isoOrNull(row.starredAt),
  };
}

export class SessionsService {
  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStorage,
    private readonly uploadLimit: number,
  ) {}

  private async own(actor: Actor, id: string): Promise<repo.SessionRow> {
    const row = await repo.findOwnSession(this.db, actor.userId, id);
    if (!row) throw Errors.notFound('session');
    return row;
  }

  private async withAttachments(row: repo.SessionRow): Promise<Session> {
    const attachments = await attachmentsRepo.listOfSession(this.db, row.id);
    return { ...toListItem(row), attachments: attachments.map(toAttachment) };
  }

  async create(actor: Actor, body: CreateSessionBody): Promise<Session> {
    const ids = [...new Set((body.attachments ?? []).map((a) => a.attachment_id.toLowerCase()))];
    const visible = await attachmentsRepo.visibleIds(this.db, actor.userId, ids);
    const problems: FieldError[] = (body.attachments ?? []).flatMap((a, i) =>
      visible.has(a.attachment_id.toLowerCase())
        ? []
        : [{ path: `body.attachments[${i}].attachment_id`, message: 'names no attachment of yours' }],
    );
    if (problems.length > 0) throw Errors.validation(problems);
    const row = await this.db.transaction(async (tx) => {
      const session = await repo.insertSession(tx, {
        id: newId(),
        userId: actor.userId,
        createdBy: actor.email,
        title: body.title ?? DEFAULT_SESSION_TITLE,
      });
      await repo.attach(tx, session.id, ids);
      return session;
    });
    return this.withAttachments(row);
  }

  async list(actor: Actor, page: { limit: number; offset: number }) {
    const { rows, count } = await repo.listOwnSessions(this.db, actor.userId, page);
    return { items: rows.map(toListItem), count };
  }

  async get(actor: Actor, id: string): Promise<Session> {
    return this.withAttachments(await this.own(actor, id));
  }

  /** Only the given fields change; starring sets starred_at, unstarring clears it. */
  async update(actor: Actor, id: string, body: UpdateSessionBody): Promise<Session> {
    const current = await this.own(actor, id);
    const patch: Parameters<typeof repo.updateSession>[2] = {};
    if (body.title !== undefined) patch.title = body.title;
    if (body.description !== undefined) patch.description = body.description;
    if (body.starred !== undefined && body.starred !== current.isStarred) {
      patch.isStarred = body.starred;
      patch.starredAt = body.starred ? new Date() : null;
    }
    return this.withAttachments(await repo.updateSession(this.db, id, patch));
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.own(actor, id);
    await repo.softDeleteSession(this.db, id);
  }

  async detach(actor: Actor, sessionId: string, attachmentId: string): Promise<void> {
    await this.own(actor, sessionId);
    if (!(await attachmentsRepo.findVisible(this.db, actor.userId, attachmentId))) {
      throw Errors.notFound('attachment');
    }
    if (!(await repo.detach(this.db, sessionId, attachmentId))) throw Errors.notFound('attachment');
  }

  /** Stores every `files` part, then records them in one transaction; any refusal stores nothing. */
  async upload(actor: Actor, sessionId: string, parts: AsyncIterable<UploadPart>): Promise<Attachment[]> {
    await this.own(actor, sessionId);
    const taken: TakenFile[] = [];
    try {
      for await (const part of parts) {
        if (part.fieldname !== 'files' || !part.file) {
          part.file?.resume();
          throw Errors.invalidField(
            `body.${part.fieldname}`,
            part.fieldname === 'files'
              ? 'must be a file part (with a filename), not a text field'
              : 'is not a known field: send each file as `files`',
          );
        }
        const file = await takeFile(this.storage, part.file, part.filename);
        taken.push(file);
        if (file.truncated) throw this.tooLarge(file.name);
      }
      if (taken.length === 0) throw Errors.invalidField('body.files', 'is required: send at least one file');
      const rows = await this.db.transaction(async (tx) => {
        const inserted = await attachmentsRepo.insertAttachments(
          tx,
          taken.map((f) => ({
            id: newId(),
            userId: actor.userId,
            createdBy: actor.email,
            name: f.name,
            attachmentType: f.attachmentType,
            contentType: f.contentType,
            size: f.size,
            storageKey: f.storageKey,
            sourceSessionId: sessionId,
            content: f.preview,
          })),
        );
        await repo.attach(
          tx,
          sessionId,
          inserted.map((r) => r.id),
        );
        return inserted;
      });
      return rows.map(toAttachment);
    } catch (err) {
      await Promise.allSettled(taken.map((f) => this.storage.delete(f.storageKey)));
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw this.tooLarge();
      throw err;
    }
  }

  private tooLarge(name?: string): HwaError {
    return new HwaError(
      'payload_too_large',
      `${name ? `"${name}" is` : 'A file is'} larger than the upload limit of ${this.uploadLimit} bytes per file.`,
    );
  }
}
