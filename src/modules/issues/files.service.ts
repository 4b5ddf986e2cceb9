// Typed files on an issue. Issues are team-wide, so anyone may list, file and remove them; filing
// needs an attachment the caller can see (another's reads as unknown, 400 naming the field), and the
// record answers its attachment_id to everyone, as the issue's own attachments are shown to everyone.
import type { Db } from '../../db/client.js';
import type { Actor } from '../../core/auth.js';
import { Errors, HwaError } from '../../core/errors.js';
import { iso, newId } from '../../core/ids.js';
import type { AttachmentsService } from '../attachments/attachments.service.js';
import * as repo from './files.repository.js';
import type { IssuesService } from './issues.service.js';
import type { CreateIssueFileBody, IssueFile, ListIssueFilesQuery } from './files.schemas.js';

const toIssueFile = (row: repo.IssueFileRow): IssueFile => ({
  uuid: row.id,
  file_name: row.fileName,
  file_type: row.fileType,
  attachment_id: row.attachmentId,
  created_by: row.createdBy,
  created_at: iso(row.createdAt),
});

export class IssueFilesService {
  constructor(
    private readonly db: Db,
    private readonly issues: IssuesService,
    private readonly attachments: AttachmentsService,
  ) {}

  async list(_actor: Actor, issueId: string, query: ListIssueFilesQuery): Promise<IssueFile[]> {
    await this.issues.liveIssue(issueId);
    return (await repo.listFiles(this.db, issueId, query.file_type)).map(toIssueFile);
  }

  async create(actor: Actor, issueId: string, body: CreateIssueFileBody): Promise<IssueFile> {
    await this.issues.liveIssue(issueId);
    const attachment = await this.attachments.visible(actor, body.attachment_id).catch((err: unknown) => {
      if (err instanceof HwaError && err.code === 'not_found') {
        throw Errors.invalidField('body.attachment_id', 'names no attachment you can see');
      }
      throw err;
    });
    const row = await repo.insertFile(this.db, {
      id: newId(),
      issueId,
      attachmentId: attachment.id,
      fileName: body.file_name ?? attachment.name,
      fileType: body.file_type,
      createdBy: actor.email,
    });
    return toIssueFile(row);
  }

  async remove(_actor: Actor, issueId: string, fileId: string): Promise<void> {
    await this.issues.liveIssue(issueId);
    if (!(await repo.deleteFile(this.db, issueId, fileId))) throw Errors.notFound('issue file');
  }
}
