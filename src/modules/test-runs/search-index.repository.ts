// SQL of the test_run_embedding job: what a run's components say now, what is indexed for them, and
// the vectors of their texts (test_run_search_texts always; test_run_text_vectors too where pgvector is).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { testRunSearchComponents, testRunSearchTexts } from '../../db/schema.js';
import { hasTestRunVectors, insertTestRunVectors } from '../../db/test-run-vectors.js';
import {
  findingParts,
  REPORT_CONTENT_HEAD,
  type ComponentParts,
  type ComponentText,
  type IndexedComponent,
} from './search-texts.js';

/**
 * Waits until every transaction writing below the run has committed: each holds the run's row lock
 * (withRun, lockLiveRun) from its first statement to its commit, so a share lock is granted only after
 * them. What the job reads next includes their writes; a write that starts later enqueues another run
 * (search-index-queue.repository.ts), so no write is ever left unindexed.
 */
export async function awaitRunWriters(ex: Executor, runId: string): Promise<void> {
  await ex.transaction((tx) => tx.execute(sql`SELECT id FROM test_runs WHERE id = ${runId} FOR SHARE`));
}

/**
 * The live run's system and the parts of each of its components' texts, in PART_NAMES order
 * (search-texts.ts); undefined for a deleted run.
 */
export async function readRunParts(
  ex: Executor,
  runId: string,
): Promise<{ systemId: string; components: ComponentParts[] } | undefined> {
  const [run] = await queryRows<{ system_id: string }>(
    ex,
    sql`SELECT system_id FROM test_runs WHERE id = ${runId} AND deleted_at IS NULL`,
  );
  if (!run) return undefined;
  const rows = await queryRows<{
    type: ComponentParts['componentType'];
    id: string;
    parts: (string | null)[];
    findings: unknown;
  }>(
    ex,
    sql`SELECT 'run' AS type, id, ARRAY[title, description] AS parts, NULL::jsonb AS findings
        FROM test_runs WHERE id = ${runId}
      UNION ALL SELECT 'card', id, ARRAY[title, description], NULL FROM test_cards WHERE run_id = ${runId}
      UNION ALL SELECT 'step', id, ARRAY[title, description, exception], NULL
        FROM test_steps WHERE run_id = ${runId}
      UNION ALL SELECT 'report', id, ARRAY[title, summary, left(content, ${REPORT_CONTENT_HEAD}::int)], findings
        FROM test_run_reports WHERE run_id = ${runId}
      UNION ALL SELECT 'observation', id, ARRAY[text], NULL FROM test_observations WHERE run_id = ${runId}
      UNION ALL SELECT 'data', id, ARRAY[file_name], NULL FROM test_data_files WHERE run_id = ${runId}`,
  );
  return {
    systemId: run.system_id,
    components: rows.map((r) => ({
      componentType: r.type,
      componentId: r.id,
      parts: [...r.parts, ...findingParts(r.findings)],
    })),
  };
}

export async function indexedComponents(ex: Executor, runId: string): Promise<IndexedComponent[]> {
  return ex
    .select({
      componentType: testRunSearchComponents.componentType,
      componentId: testRunSearchComponents.componentId,
      part: testRunSearchComponents.part,
      textHash: testRunSearchComponents.textHash,
    })
    .from(testRunSearchComponents)
    .where(eq(testRunSearchComponents.runId, runId));
}

/**
 * Writes the run's changed components and removes its gone ones, in the caller's transaction, unless
 * the run was deleted meanwhile: the share lock orders this after a deletion in progress (which holds
 * the run's row and removes its components), so a deleted run's components are never written back.
 */
export async function applyComponentChanges(
  ex: Executor,
  run: { runId: string; systemId: string },
  upserts: readonly ComponentText[],
  removals: readonly IndexedComponent[],
): Promise<void> {
  const [live] = await queryRows<{ id: string }>(
    ex,
    sql`SELECT id FROM test_runs WHERE id = ${run.runId} AND deleted_at IS NULL FOR SHARE`,
  );
  if (!live) return;
  for (let i = 0; i < removals.length; i += 1000) {
    const rows = sql.join(
      removals.slice(i, i + 1000).map((r) => sql`(${r.componentId}::uuid, ${r.componentType}, ${r.part})`),
      sql`, `,
    );
    await ex.execute(sql`DELETE FROM test_run_search_components
      WHERE (component_id, component_type, part) IN (${rows})`);
  }
  for (let i = 0; i < upserts.length; i += 1000) {
    await ex
      .insert(testRunSearchComponents)
      .values(
        upserts.slice(i, i + 1000).map((c) => ({
          componentType: c.componentType,
          componentId: c.componentId,
          part: c.part,
          runId: run.runId,
          systemId: run.systemId,
          textHash: c.textHash,
        })),
      )
      .onConflictDoUpdate({
        target: [
          testRunSearchComponents.componentId,
          testRunSearchComponents.componentType,
          testRunSearchComponents.part,
        ],
        set: { textHash: sql`excluded.text_hash` },
      });
  }
}

/** A deleted run leaves semantic search at once: its components go in the deleting transaction. */
export async function forgetRun(ex: Executor, runId: string): Promise<void> {
  await ex.delete(testRunSearchComponents).where(eq(testRunSearchComponents.runId, runId));
}

/** The hashes among `hashes` that have no vector of `model` yet. */
export async function hashesToEmbed(
  ex: Executor,
  model: string,
  hashes: readonly string[],
): Promise<string[]> {
  if (hashes.length === 0) return [];
  const have = await ex
    .select({ textHash: testRunSearchTexts.textHash })
    .from(testRunSearchTexts)
    .where(and(eq(testRunSearchTexts.model, model), inArray(testRunSearchTexts.textHash, [...hashes])));
  const done = new Set(have.map((h) => h.textHash));
  return hashes.filter((h) => !done.has(h));
}

/** The dimension of the vectors stored for `model`, if any (one model, one length). */
export async function storedDimension(ex: Executor, model: string): Promise<number | undefined> {
  const [row] = await ex
    .select({ dims: testRunSearchTexts.dims })
    .from(testRunSearchTexts)
    .where(eq(testRunSearchTexts.model, model))
    .limit(1);
  return row?.dims;
}

/** Stores a batch of text vectors (the caller's transaction); a text already there keeps its vector. */
export async function insertTextVectors(
  ex: Executor,
  model: string,
  vectors: readonly { textHash: string; embedding: number[] }[],
): Promise<void> {
  if (vectors.length === 0) return;
  await ex
    .insert(testRunSearchTexts)
    .values(
      vectors.map((v) => ({
        model,
        textHash: v.textHash,
        dims: v.embedding.length,
        embedding: new Uint8Array(Float32Array.from(v.embedding).buffer),
      })),
    )
    .onConflictDoNothing();
  if (await hasTestRunVectors(ex)) {
    await insertTestRunVectors(
      ex,
      vectors.map((v) => ({ model, textHash: v.textHash, embedding: v.embedding })),
    );
  }
}

/**
 * Drops the vectors of `hashes` that no component points at any more (of any model), so edited texts
 * do not pile up. A job that points a component at one of them while this runs re-embeds it when it
 * finds it missing; only if both commit in the same instant (the other job checked before this
 * delete committed) does that component wait for its run's next index run to be found by meaning.
 */
export async function dropUnusedTexts(ex: Executor, hashes: readonly string[]): Promise<void> {
  if (hashes.length === 0) return;
  const list = sql.join(
    hashes.map((h) => sql`${h}`),
    sql`, `,
  );
  const unused = sql`text_hash IN (${list})
    AND NOT EXISTS (SELECT 1 FROM test_run_search_components c WHERE c.text_hash = t.text_hash)`;
  await ex.execute(sql`DELETE FROM test_run_search_texts t WHERE ${unused}`);
  if (await hasTestRunVectors(ex)) await ex.execute(sql`DELETE FROM test_run_text_vectors t WHERE ${unused}`);
}
