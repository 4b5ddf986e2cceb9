// A run's data files: registering a file that already exists in the configured storage, uploading
// one and registering it in one call, listing and removing them. Runs are team-wide, like issues.
//
// Registration refusals are 400 naming the field (design.md: rules 1-8 are validation): a storage_url
// outside the configured storage or with no file behind it (spec Errors rule 8), a file_size that is
// not the stored object's size, a card or step that is not of this run. Unknown or deleted run: 404.
//
// Removing a registration deletes the stored object only when /upload stored it (its key is
// test-runs/<run>/data/<file id>, which no other path writes) and no other registration names it: a
// file registered from elsewhere belongs to whoever put it there.
import type { Actor } from '../../core/auth.js';
import { Errors, HwaError, type FieldError } from '../../core/errors.js';
import { iso, newId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import { locateStorageUrl } from '../../storage/locations.js';
import type { ObjectStorage } from '../../storage/port.js';
import type { TestDataFile } from './test-runs.schemas.js';
import * as repo from './data.repository.js';
import { recordRunActivity } from './run-activity.repository.js';
import {
  DEFAULT_CONTENT_TYPE,
  type AssociateWith,
  type ListDataQuery,
  type RegisterDataBody,
} from './data.schemas.js';
import { readUpload, type UploadPart } from './data.upload.js';

export function toDataFile(file: repo.DataFileRow, associations: repo.AssociationRow[]): TestDataFile {
  return {
    uuid: file.id,
    file_name: file.fileName,
    storage_url: file.storageUrl,
    file_size: file.fileSize,
    content_type: file.contentType,
    uploaded_by: file.uploadedBy,
    created_at: iso(file.createdAt),
    associations: associations.map((a) => ({ test_card_id: a.cardId, test_step_id: a.stepId })),
  };
}

/** What a new registration holds once its fields are checked. */
interface Registration {
  fileName: string;
  storageUrl: string;
  fileSize: number;
  contentType: string;
  association: { cardId: string | null; stepId: string | null } | undefined;
  /** Where the association's fields are in the request: `body.associate_with.` or `body.`. */
  prefix: string;
}

/** Where /upload stores a run's file: scoped to the run, named by the registration's id. */
export const uploadKey = (runId: string, fileId: string) => `test-runs/${runId}/data/${fileId}`;

export class TestDataService {
  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStorage,
    private readonly uploadLimit: number,
  ) {}

  private async liveRun(runId: string): Promise<void> {
    if (!(await repo.findLiveRun(this.db, runId))) throw Errors.notFound('test run');
  }

  async list(
    _actor: Actor,
    runId: string,
    query: ListDataQuery,
  ): Promise<{ items: TestDataFile[]; count: number }> {
    await this.liveRun(runId);
    const { rows, count } = await repo.listFiles(this.db, runId, query);
    const associations = await repo.associationsOf(
      this.db,
      rows.map((r) => r.id),
    );
    return {
      items: rows.map((r) =>
        toDataFile(
          r,
          associations.filter((a) => a.fileId === r.id),
        ),
      ),
      count,
    };
  }

  async register(actor: Actor, runId: string, body: RegisterDataBody): Promise<TestDataFile> {
    await this.liveRun(runId);
    const errors: FieldError[] = [];
    const association = await this.association(
      runId,
      body.associate_with ?? {},
      'body.associate_with.',
      errors,
    );
    const located = locateStorageUrl(body.storage_url, this.storage.place);
    if ('refused' in located) {
      errors.push({ path: 'body.storage_url', message: located.refused });
    } else {
      const stored = await this.storage.stat(located.key);
      if (!stored) {
        errors.push({
          path: 'body.storage_url',
          message: 'names no file: upload it there first, or use …/data/upload',
        });
      } else if (stored.size !== body.file_size) {
        errors.push({
          path: 'body.file_size',
          message: `is ${body.file_size}, but the stored file has ${stored.size} bytes`,
        });
      }
    }
    if (errors.length > 0) throw Errors.validation(errors);
    return this.insert(actor, runId, newId(), {
      fileName: body.file_name,
      storageUrl: body.storage_url,
      fileSize: body.file_size,
      contentType: body.content_type ?? DEFAULT_CONTENT_TYPE,
      association,
      prefix: 'body.associate_with.',
    });
  }

  /**
   * Streams the one `file` part to storage under the run, then registers it; any refusal (a bad
   * field, a card of another run, a file over the limit, a cut body) leaves nothing stored.
   */
  async upload(actor: Actor, runId: string, parts: AsyncIterable<UploadPart>): Promise<TestDataFile> {
    await this.liveRun(runId);
    const fileId = newId();
    const key = uploadKey(runId, fileId);
    try {
      const upload = await readUpload(this.storage, parts, key);
      if (upload.truncated) throw this.tooLarge();
      const errors = [...upload.errors];
      const association = await this.association(runId, upload.associateWith, 'body.', errors);
      if (errors.length > 0) throw Errors.validation(errors);
      return await this.insert(actor, runId, fileId, {
        fileName: upload.fileName,
        storageUrl: this.storage.url(key),
        fileSize: upload.size,
        contentType: upload.contentType,
        association,
        prefix: 'body.',
      });
    } catch (err) {
      // Whatever failed, nothing stays under the key (deleting an absent object is a no-op).
      await this.storage.delete(key).catch(() => undefined);
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw this.tooLarge();
      throw err;
    }
  }

  async remove(actor: Actor, runId: string, fileId: string): Promise<void> {
    await this.liveRun(runId);
    const ownKey = uploadKey(runId, fileId);
    const deleteObject = await this.db.transaction(async (tx) => {
      if (!(await repo.lockLiveRun(tx, runId))) throw Errors.notFound('test run');
      const row = await repo.deleteFile(tx, runId, fileId);
      if (!row) throw Errors.notFound('test data file');
      await recordRunActivity(tx, runId, actor.email);
      return (
        row.storageUrl === this.storage.url(ownKey) &&
        (await repo.otherRegistrations(tx, row.storageUrl, fileId)) === 0
      );
    });
    // After the commit: a failed delete leaves an unreferenced object, never a registration without one.
    if (deleteObject) await this.storage.delete(ownKey).catch(() => undefined);
  }

  /**
   * The association `given` asks for, checked against this run; a step given alone brings its card.
   * Refusals are added to `errors` under `prefix` (`body.associate_with.` or, for a form, `body.`).
   */
  private async association(
    runId: string,
    given: AssociateWith,
    prefix: string,
    errors: FieldError[],
  ): Promise<Registration['association']> {
    const { test_card_id: cardId, test_step_id: stepId } = given;
    const card = cardId === undefined ? undefined : await repo.findCardOfRun(this.db, runId, cardId);
    const step = stepId === undefined ? undefined : await repo.findStepOfRun(this.db, runId, stepId);
    if (cardId !== undefined && !card)
      errors.push({ path: `${prefix}test_card_id`, message: 'names no card of this test run' });
    if (stepId !== undefined && !step)
      errors.push({ path: `${prefix}test_step_id`, message: 'names no step of this test run' });
    if (card && step && step.cardId !== card) {
      errors.push({ path: `${prefix}test_step_id`, message: `is a step of another card, not of ${card}` });
    }
    if (!card && !step) return undefined;
    return { cardId: card ?? step?.cardId ?? null, stepId: step?.id ?? null };
  }

  private async insert(actor: Actor, runId: string, fileId: string, r: Registration): Promise<TestDataFile> {
    return this.db.transaction(async (tx) => {
      // Locked so a run deleted meanwhile cannot end up with a file registered after its deletion.
      if (!(await repo.lockLiveRun(tx, runId))) throw Errors.notFound('test run');
      // Checked before, held now: a card or step deleted in between is a refusal, not a foreign-key 500.
      const { cardId, stepId } = r.association ?? {};
      if (cardId && !(await repo.findCardOfRun(tx, runId, cardId, true))) {
        throw Errors.invalidField(`${r.prefix}test_card_id`, 'names a card that was just deleted');
      }
      if (stepId && !(await repo.findStepOfRun(tx, runId, stepId, true))) {
        throw Errors.invalidField(`${r.prefix}test_step_id`, 'names a step that was just deleted');
      }
      const { file, associations } = await repo.insertFile(
        tx,
        {
          id: fileId,
          runId,
          fileName: r.fileName,
          storageUrl: r.storageUrl,
          fileSize: r.fileSize,
          contentType: r.contentType,
          uploadedBy: actor.email,
          uploaderId: actor.userId,
        },
        r.association,
      );
      await recordRunActivity(tx, runId, actor.email);
      return toDataFile(file, associations);
    });
  }

  private tooLarge(): HwaError {
    return new HwaError(
      'payload_too_large',
      `The file is larger than the upload limit of ${this.uploadLimit} bytes; nothing was stored.`,
    );
  }
}
