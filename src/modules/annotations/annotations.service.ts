// Marking regions on attachments. Whoever may see an attachment may annotate it and correct the
// marks; another user's attachment (and so its annotations) reads as absent.
import { Ajv } from 'ajv';
import type { Db } from '../../db/client.js';
import { fieldErrors } from '../../core/error-handler.js';
import { Errors } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { AttachmentsService } from '../attachments/attachments.service.js';
import type { Actor } from '../../core/auth.js';
import * as repo from './annotations.repository.js';
import {
  CONTENT_SCHEMAS,
  type Annotation,
  type AnnotationType,
  type CreateAnnotationBody,
} from './annotations.schemas.js';

const ajv = new Ajv({ allErrors: true, strict: false });
const validators = {
  bbox: ajv.compile(CONTENT_SCHEMAS.bbox),
  path: ajv.compile(CONTENT_SCHEMAS.path),
};

function checkContent(type: AnnotationType, content: unknown): void {
  const validate = validators[type];
  if (!validate(content))
    throw Errors.validation(fieldErrors('body.annotation_content', validate.errors ?? []));
}

const toAnnotation = (row: repo.AnnotationRow): Annotation => ({
  uuid: row.id,
  annotation_type: row.annotationType as AnnotationType,
  annotation_content: row.content as Annotation['annotation_content'],
  attachment_id: row.attachmentId,
});

export class AnnotationsService {
  constructor(
    private readonly db: Db,
    private readonly attachments: AttachmentsService,
  ) {}

  async create(actor: Actor, body: CreateAnnotationBody) {
    await this.attachments.visible(actor, body.attachment_id);
    checkContent(body.annotation_type, body.annotation_content);
    const row = await repo.insertAnnotation(this.db, {
      id: newId(),
      attachmentId: body.attachment_id,
      annotationType: body.annotation_type,
      content: body.annotation_content,
      createdBy: actor.email,
    });
    return {
      attachment_id: row.attachmentId,
      annotation_id: row.id,
      annotation_content: row.content as Annotation['annotation_content'],
      annotation_type: row.annotationType as AnnotationType,
    };
  }

  async listOfAttachment(actor: Actor, attachmentId: string): Promise<Annotation[]> {
    await this.attachments.visible(actor, attachmentId);
    return (await repo.listOfAttachment(this.db, attachmentId)).map(toAnnotation);
  }

  /** The annotation if its attachment is visible to `actor`, else 404. */
  private async visible(actor: Actor, id: string): Promise<repo.AnnotationRow> {
    const row = await repo.findAnnotation(this.db, id);
    if (!row) throw Errors.notFound('annotation');
    await this.attachments.visible(actor, row.attachmentId).catch(() => {
      throw Errors.notFound('annotation');
    });
    return row;
  }

  async patch(actor: Actor, id: string, content: unknown): Promise<Annotation> {
    const row = await this.visible(actor, id);
    checkContent(row.annotationType as AnnotationType, content);
    const updated = await repo.updateContent(this.db, id, content);
    if (!updated) throw Errors.notFound('annotation');
    return toAnnotation(updated);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.visible(actor, id);
    await repo.deleteAnnotation(this.db, id);
  }
}
