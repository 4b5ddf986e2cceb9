// Attachments: listing, detail, editing, export as a time-limited link, and the signed download.
// Another user's attachment reads as absent (404, not 403), so ids do not leak.
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { Errors, HwaError } from '../../core/errors.js';
import { iso } from '../../core/ids.js';
import type { ObjectStorage } from '../../storage/port.js';
import type { DownloadSigner } from '../../storage/signed-urls.js';
import type { Actor } from '../../core/auth.js';
import * as repo from './attachments.repository.js';
import type {
  Attachment,
  AttachmentDetail,
  ListAttachmentsQuery,
  PatchAttachmentBody,
} from './attachments.schemas.js';

export function toAttachment(row: repo.AttachmentRow): Attachment {
  return {
    attachment_id: row.id,
    attachment_name: row.name,
    attachment_type: row.attachmentType,
    attachment_title: row.title,
    attachment_description: row.description,
    attachment_citation: row.citation,
    attachment_source_session_id: row.sourceSessionId,
    attachment_created_by: row.createdBy,
    attachment_created_at: iso(row.createdAt),
    is_visible: row.isVisible,
  };
}

export interface Download {
  body: Readable;
  fileName: string;
  contentType: string;
  size: number;
}

export class AttachmentsService {
  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStorage,
    private readonly signer: DownloadSigner,
    private readonly links: { publicUrl: string; ttlSeconds: number },
  ) {}

  /** The attachment if `actor` may see it, else 404. */
  async visible(actor: Actor, id: string): Promise<repo.AttachmentRow> {
    const row = await repo.findVisible(this.db, actor.userId, id);
    if (!row) throw Errors.notFound('attachment');
    return row;
  }

  async list(actor: Actor, query: ListAttachmentsQuery): Promise<{ items: Attachment[]; count: number }> {
    const { rows, count } = await repo.listVisible(this.db, actor.userId, {
      sessionId: query.session_id,
      type: query.attachment_type?.toLowerCase(),
      after: query.created_after ? new Date(query.created_after) : undefined,
      before: query.created_before ? new Date(query.created_before) : undefined,
      limit: query.limit,
      offset: query.offset,
    });
    return { items: rows.map(toAttachment), count };
  }

  async get(actor: Actor, id: string): Promise<AttachmentDetail> {
    const row = await this.visible(actor, id);
    return {
      ...toAttachment(row),
      attachment_content: (row.content as Record<string, unknown> | null) ?? null,
      storage_url: this.storage.url(row.storageKey),
    };
  }

  async patch(actor: Actor, id: string, body: PatchAttachmentBody): Promise<Attachment> {
    await this.visible(actor, id);
    const patch: Parameters<typeof repo.updateAttachment>[2] = {};
    if (body.attachment_title !== undefined) patch.title = body.attachment_title;
    if (body.attachment_description !== undefined) patch.description = body.attachment_description;
    if (body.attachment_citation !== undefined) patch.citation = body.attachment_citation;
    if (body.is_visible !== undefined) patch.isVisible = body.is_visible;
    const row = await repo.updateAttachment(this.db, id, patch);
    if (!row) throw Errors.notFound('attachment');
    return toAttachment(row);
  }

  /** A link that downloads the file without a token until it expires (HWA_SIGNED_URL_TTL). */
  async export(actor: Actor, id: string): Promise<{ presigned_url: string }> {
    const row = await this.visible(actor, id);
    const presigned = await this.storage.presignedGet(row.storageKey, {
      expiresIn: this.links.ttlSeconds,
      fileName: row.name,
      contentType: row.contentType,
    });
    return {
      presigned_url: presigned ?? this.signer.sign(this.links.publicUrl, row.id, this.links.ttlSeconds),
    };
  }

  /** GET /downloads/{id}: the signature is the only credential; a bad or expired one is 403. */
  async download(id: string, expires: number, signature: string): Promise<Download> {
    if (!this.signer.verify(id, expires, signature)) {
      throw new HwaError(
        'forbidden',
        'The download link is invalid or has expired: export the attachment again.',
      );
    }
    const row = await repo.findById(this.db, id);
    const body = row && (await this.storage.get(row.storageKey));
    if (!row || !body) throw Errors.notFound('attachment');
    return { body, fileName: row.name, contentType: row.contentType, size: row.size };
  }
}
