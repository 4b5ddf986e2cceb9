// Documents of a system. An upload stores each file (an attachment of the caller), reads and chunks it
// in the request, and enqueues one document_embedding run per readable file in the same transaction
// that records it. Reading happens here, not in the job, because the answer must say per file whether
// it could be read (unsupported, empty, corrupt, encrypted, too large); embedding (~15 ms a chunk on
// one core) is the slow part and runs in the job. A file that fails leaves nothing behind; the others
// are kept.
import { Value } from 'typebox/value';
import type { Actor } from '../../core/auth.js';
import { Errors, HwaError } from '../../core/errors.js';
import { iso, newId } from '../../core/ids.js';
import type { Db, Tx } from '../../db/client.js';
import type { Embedder } from '../../analysis/embeddings.js';
import { DocumentReadError, type Chunk, type ReadDocument } from '../../analysis/documents/types.js';
import { enqueue } from '../../jobs/queue.js';
import type { ObjectStorage } from '../../storage/port.js';
import * as attachmentsRepo from '../attachments/attachments.repository.js';
import { takeFile, type TakenFile } from '../attachments/intake.js';
import { insertJob } from '../jobs/jobs.repository.js';
import type { UploadPart } from '../sessions/sessions.service.js';
import { markDocumentSourceDeleted } from '../metagraph/provenance.js';
import * as systemsRepo from '../systems/systems.repository.js';
import { DOCUMENT_EMBEDDING, DOCUMENT_EMBEDDING_ATTEMPTS } from './document-embedding.job.js';
import * as vectors from './chunk-vectors.repository.js';
import * as repo from './documents.repository.js';
import { baseName, uniqueName } from './documents.rules.js';
import {
  METADATA_MAX_BYTES,
  UploadMetadata,
  type DocumentDetail,
  type DocumentItem,
  type ListDocumentsQuery,
  type SearchQuery,
  type SearchResult,
  type UploadFileResult,
  type UploadResult,
} from './documents.schemas.js';

/** How a file is read and cut into chunks (src/analysis/documents/read.ts and chunk.ts). */
export interface DocumentReader {
  readDocument(bytes: Uint8Array, fileName: string, declaredType?: string): Promise<ReadDocument>;
  chunkDocument(doc: ReadDocument): Chunk[];
}

interface ReadFile {
  taken: TakenFile;
  doc: ReadDocument;
  chunks: Chunk[];
}

type Outcome = { name: string; read: ReadFile; error?: undefined } | { name: string; error: string };

function toItem(row: repo.DocumentSummaryRow): DocumentItem {
  return {
    document_id: row.id,
    system_id: row.systemId,
    attachment_id: row.attachmentId,
    name: row.name,
    kind: row.kind,
    status: row.status,
    page_count: row.pageCount,
    chunk_count: row.chunkCount,
    job_run_id: row.jobRunId,
    error: row.error,
    created_by: row.createdBy,
    created_at: iso(row.createdAt),
  };
}

/** A unique violation on the live-name index: another request took the name meanwhile. */
const isNameClash = (err: unknown) =>
  String((err as { cause?: { constraint?: string } }).cause?.constraint ?? err).includes(
    'systems_live_name_uq',
  );

export class DocumentsService {
  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStorage,
    private readonly reader: DocumentReader,
    private readonly embedder: Embedder,
    private readonly uploadLimit: number,
  ) {}

  async upload(
    actor: Actor,
    systemId: string | undefined,
    parts: AsyncIterable<UploadPart>,
  ): Promise<UploadResult> {
    if (systemId !== undefined && !(await systemsRepo.findLiveSystem(this.db, systemId))) {
      throw Errors.notFound('system');
    }
    const taken: TakenFile[] = [];
    try {
      let metadata: UploadMetadata = {};
      for await (const part of parts) {
        if (part.fieldname === 'file' && part.file) {
          taken.push(await takeFile(this.storage, part.file, part.filename));
        } else if (part.fieldname === 'metadata' && !part.file) {
          metadata = parseMetadata(part.value ?? '');
        } else {
          part.file?.resume();
          throw Errors.invalidField(
            `body.${part.fieldname}`,
            part.fieldname === 'file'
              ? 'must be a file part (with a filename), not a text field'
              : 'is not a known field: send each file as `file`, and `metadata` as a JSON string',
          );
        }
      }
      if (taken.length === 0) throw Errors.invalidField('body.file', 'is required: send at least one file');
      if (metadata.file_name !== undefined) taken[0]!.name = metadata.file_name;
      const outcomes: Outcome[] = [];
      for (const [i, file] of taken.entries()) {
        outcomes.push(await this.read(file, i === 0 ? metadata.file_type : undefined));
      }
      // Objects of unreadable files are not kept: nothing refers to them.
      await Promise.allSettled(
        outcomes.flatMap((o, i) =>
          o.error !== undefined ? [this.storage.delete(taken[i]!.storageKey)] : [],
        ),
      );
      return await this.record(actor, systemId, taken[0]!.name, outcomes);
    } catch (err) {
      await Promise.allSettled(taken.map((f) => this.storage.delete(f.storageKey)));
      throw err;
    }
  }

  private async read(file: TakenFile, declaredType: string | undefined): Promise<Outcome> {
    const name = file.name;
    if (file.truncated) {
      return { name, error: `"${name}" is larger than the upload limit of ${this.uploadLimit} bytes.` };
    }
    try {
      const bytes = await this.bytesOf(file.storageKey);
      const doc = await this.reader.readDocument(bytes, name, declaredType);
      const chunks = this.reader.chunkDocument(doc);
      return { name, read: { taken: file, doc, chunks } };
    } catch (err) {
      if (err instanceof DocumentReadError) return { name, error: err.message };
      // A reader that trips over a file it accepted: the file is at fault, and fails alone.
      return {
        name,
        error: `"${name}" could not be read: ${err instanceof Error ? err.message : String(err)}`,
      };
    }
  }

  private async bytesOf(key: string): Promise<Uint8Array> {
    const stream = await this.storage.get(key);
    if (!stream) throw new Error('the stored file is missing');
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** One transaction: the system when new, then each readable file's rows and its run. */
  private async record(
    actor: Actor,
    systemId: string | undefined,
    firstName: string,
    outcomes: Outcome[],
  ): Promise<UploadResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(async (tx) => {
          const id = systemId ?? (await this.newSystem(tx, actor, firstName));
          const results: UploadFileResult[] = [];
          for (const outcome of outcomes) {
            results.push(
              outcome.error !== undefined
                ? {
                    file_name: outcome.name,
                    success: false,
                    dataset_name: null,
                    job_run_id: null,
                    error: outcome.error,
                  }
                : await this.recordDocument(tx, actor, id, outcome.read),
            );
          }
          const successful = results.filter((r) => r.success).length;
          return {
            message: `${successful} of ${results.length} files uploaded; embedding runs in the background.`,
            system_id: id,
            total_files: results.length,
            successful,
            failed: results.length - successful,
            results,
          };
        });
      } catch (err) {
        // Two uploads naming a new system alike at once: the loser picks the next free name.
        if (systemId === undefined && attempt < 5 && isNameClash(err)) continue;
        throw err;
      }
    }
  }

  private async newSystem(tx: Tx, actor: Actor, firstName: string): Promise<string> {
    const base = baseName(firstName);
    const name = uniqueName(base, await repo.systemNamesLike(tx, base));
    const row = await systemsRepo.insertSystem(tx, { id: newId(), name, createdBy: actor.email });
    return row.id;
  }

  private async recordDocument(
    tx: Tx,
    actor: Actor,
    systemId: string,
    read: ReadFile,
  ): Promise<UploadFileResult> {
    const { taken, doc, chunks } = read;
    const [attachment] = await attachmentsRepo.insertAttachments(tx, [
      {
        id: newId(),
        userId: actor.userId,
        createdBy: actor.email,
        name: taken.name,
        attachmentType: taken.attachmentType,
        contentType: taken.contentType,
        size: taken.size,
        storageKey: taken.storageKey,
        content: taken.preview,
      },
    ]);
    const document = await repo.insertDocument(tx, {
      id: newId(),
      systemId,
      attachmentId: attachment!.id,
      name: taken.name,
      kind: doc.kind,
      text: doc.text,
      content: doc,
      pageCount: doc.pages ?? null,
      chunkCount: chunks.length,
      createdBy: actor.email,
    });
    await repo.insertChunks(tx, document.id, chunks);
    const config = { job_type: DOCUMENT_EMBEDDING, document_id: document.id };
    const jobName = `Embed ${taken.name}`.slice(0, 300);
    const job = await insertJob(tx, {
      id: newId(),
      ownerId: actor.userId,
      createdBy: actor.email,
      name: jobName,
      jobType: DOCUMENT_EMBEDDING,
      config,
    });
    const runId = await enqueue(tx, {
      jobId: job.id,
      jobType: DOCUMENT_EMBEDDING,
      jobName,
      config,
      createdBy: actor.email,
      maxAttempts: DOCUMENT_EMBEDDING_ATTEMPTS,
    });
    await repo.setDocumentJobRun(tx, document.id, runId);
    return { file_name: taken.name, success: true, dataset_name: taken.name, job_run_id: runId, error: null };
  }

  private async liveSystem(systemId: string): Promise<void> {
    if (!(await systemsRepo.findLiveSystem(this.db, systemId))) throw Errors.notFound('system');
  }

  async list(systemId: string, query: ListDocumentsQuery): Promise<{ items: DocumentItem[]; count: number }> {
    await this.liveSystem(systemId);
    const { rows, count } = await repo.listDocuments(this.db, systemId, query);
    return { items: rows.map(toItem), count };
  }

  async get(systemId: string, documentId: string): Promise<DocumentDetail> {
    await this.liveSystem(systemId);
    const row = await repo.findLiveDocument(this.db, systemId, documentId);
    if (!row) throw Errors.notFound('document');
    return { ...toItem(row), text: row.text };
  }

  /**
   * Removes the document's chunks and vectors; what it proposed stays, its provenance marked
   * `source_deleted` (metagraph/provenance.ts). Under the system's version lock, so an approval or a
   * metagraph_update writing proposals does not interleave with the marking.
   */
  async remove(systemId: string, documentId: string): Promise<void> {
    await this.liveSystem(systemId);
    const gone = await this.db.transaction(async (tx) => {
      if ((await systemsRepo.lockSystemVersion(tx, systemId)) === undefined) return false;
      const at = new Date();
      if (!(await repo.deleteDocument(tx, systemId, documentId, at))) return false;
      await markDocumentSourceDeleted(tx, systemId, documentId, at);
      return true;
    });
    if (!gone) throw Errors.notFound('document');
  }

  /** Embeds the query with the documents' model and ranks their chunks by cosine similarity. */
  async search(systemId: string, query: SearchQuery): Promise<SearchResult> {
    await this.liveSystem(systemId);
    const [vector] = await this.embedder.embed([query.q], undefined, { query: true });
    const hits = await vectors.nearestChunks(this.db, systemId, vector!, this.embedder.model, query.limit);
    return {
      embedding_model: this.embedder.model,
      items: hits.map((h) => ({
        document_id: h.documentId,
        document_name: h.documentName,
        chunk_index: h.index,
        text: h.text,
        location: h.location,
        score: h.score,
      })),
    };
  }
}

/** The `metadata` field: a JSON object with optional `file_name` and `file_type` strings. */
function parseMetadata(text: string): UploadMetadata {
  if (Buffer.byteLength(text) > METADATA_MAX_BYTES) {
    throw Errors.invalidField('body.metadata', `must be at most ${METADATA_MAX_BYTES} bytes`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw Errors.invalidField('body.metadata', 'must be a JSON object such as {"file_name": "bom.csv"}');
  }
  if (!Value.Check(UploadMetadata, value)) {
    const first = [...Value.Errors(UploadMetadata, value)][0];
    throw new HwaError('validation', `body.metadata ${first?.message ?? 'is invalid'}`, [
      {
        path: 'body.metadata',
        message: `must be {file_name?: string, file_type?: string}: ${first?.message ?? 'invalid'}`,
      },
    ]);
  }
  return value;
}
