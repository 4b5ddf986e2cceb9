// When a document is deleted, what was proposed from it stays: pending proposals still wait for
// review and approved entities stay approved (the document going away does not make them untrue).
// Their provenance says so instead: each source entry citing the document gets `source_deleted: true`
// and `source_deleted_at`, in the transaction that deletes the document. The metagraph version does
// not move: provenance is bookkeeping about the model, not a change of it.
import type { Executor } from '../../db/client.js';
import * as repo from './provenance.repository.js';

export async function markDocumentSourceDeleted(
  ex: Executor,
  systemId: string,
  documentId: string,
  at: Date,
): Promise<{ entities: number; relationships: number }> {
  const counts = { entities: 0, relationships: 0 };
  for (const table of ['entities', 'relationships'] as const) {
    const rows = await repo.rowsCitingDocument(ex, table, systemId, documentId);
    const changed = rows.flatMap((r) => {
      const sources = markSourceDeleted(r.sources, documentId, at.toISOString());
      return sources === undefined ? [] : [{ id: r.id, sources }];
    });
    await repo.setSources(ex, table, changed);
    counts[table] = changed.length;
  }
  return counts;
}

/**
 * The stored sources text with every entry citing `documentId` marked `source_deleted: true` and
 * `source_deleted_at`; undefined when nothing changes (no entry cites it, already marked, or the text
 * is not a JSON array: a hand-edited property is left as it is rather than guessed at).
 */
export function markSourceDeleted(text: string, documentId: string, at: string): string | undefined {
  let sources: unknown;
  try {
    sources = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(sources)) return undefined;
  let changed = false;
  const marked = sources.map((s: unknown) => {
    const entry = s as Record<string, unknown> | null;
    if (entry === null || typeof entry !== 'object' || entry.document_id !== documentId) return s;
    if (entry.source_deleted === true) return s;
    changed = true;
    return { ...entry, source_deleted: true, source_deleted_at: at };
  });
  return changed ? JSON.stringify(marked) : undefined;
}
