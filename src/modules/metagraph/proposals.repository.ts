// SQL for proposals: pending entities and relationships a metagraph_update run wrote, read for the
// matcher and for review, approved (is_pending -> false) or rejected (soft-deleted). Inserts go
// through unnest() like entities.repository.ts: one statement per 5,000 rows.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { isUuid } from '../../core/ids.js';
import { attributesOf, chunks } from './entities.repository.js';
import type { KnownEntity, KnownRelationship } from './proposals.rules.js';

/** A live system by id, or by name (case-insensitive; names are unique among live systems). */
export async function findLiveSystemIdOrName(ex: Executor, idOrName: string): Promise<string | undefined> {
  const byId = isUuid(idOrName) ? sql`id = ${idOrName.toLowerCase()}::uuid OR ` : sql``;
  const rows = await queryRows<{ id: string }>(
    ex,
    sql`SELECT id FROM systems WHERE NOT is_deleted AND (${byId} lower(name) = lower(${idOrName}))
        ORDER BY (name = ${idOrName}) DESC LIMIT 1`,
  );
  return rows[0]?.id;
}

/** Every live entity of the system, approved and pending: what the matcher compares against. */
export async function knownEntities(ex: Executor, systemId: string): Promise<KnownEntity[]> {
  const rows = await queryRows<{
    id: string;
    name: string;
    entity_type: string;
    external_id: string | null;
    description: string | null;
    properties: Record<string, string>;
    is_pending: boolean;
  }>(
    ex,
    sql`SELECT id, name, entity_type, external_id, description, properties, is_pending
        FROM entities WHERE system_id = ${systemId} AND NOT is_deleted ORDER BY created_at, id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    entityType: r.entity_type,
    externalId: r.external_id,
    description: r.description,
    properties: r.properties,
    isPending: r.is_pending,
  }));
}

export async function knownRelationships(ex: Executor, systemId: string): Promise<KnownRelationship[]> {
  const rows = await queryRows<{ source: string; target: string; relationship_type: string }>(
    ex,
    sql`SELECT source_entity_id AS source, target_entity_id AS target, relationship_type
        FROM relationships WHERE system_id = ${systemId} AND NOT is_deleted`,
  );
  return rows.map((r) => ({
    sourceEntityId: r.source,
    targetEntityId: r.target,
    relationshipType: r.relationship_type,
  }));
}

export interface PendingEntity {
  id: string;
  entityType: string;
  name: string;
  description: string | null;
  externalId: string | null;
  properties: Record<string, string>;
}

export async function insertPendingEntities(
  ex: Executor,
  systemId: string,
  by: string,
  rows: PendingEntity[],
): Promise<void> {
  for (const part of chunks(rows)) {
    await ex.execute(sql`
      INSERT INTO entities (id, system_id, entity_type, name, description, external_id, properties,
                            attributes, is_pending, created_by)
      SELECT u.id, ${systemId}, u.entity_type, u.name, u.description, u.external_id, u.properties::jsonb,
             ${attributesOf(sql`u.properties::jsonb`)}, true, ${by}
      FROM unnest(${sql.param(part.map((r) => r.id))}::uuid[],
                  ${sql.param(part.map((r) => r.entityType))}::text[],
                  ${sql.param(part.map((r) => r.name))}::text[],
                  ${sql.param(part.map((r) => r.description))}::text[],
                  ${sql.param(part.map((r) => r.externalId))}::text[],
                  ${sql.param(part.map((r) => JSON.stringify(r.properties)))}::text[])
        AS u(id, entity_type, name, description, external_id, properties)`);
  }
}

export interface PendingRelationship {
  id: string;
  relationshipType: string;
  name: string;
  sourceEntityId: string;
  targetEntityId: string;
  properties: Record<string, string>;
}

export async function insertPendingRelationships(
  ex: Executor,
  systemId: string,
  by: string,
  rows: PendingRelationship[],
): Promise<void> {
  for (const part of chunks(rows)) {
    await ex.execute(sql`
      INSERT INTO relationships (id, system_id, relationship_type, name, source_entity_id, target_entity_id,
                                 properties, attributes, is_pending, created_by)
      SELECT u.id, ${systemId}, u.relationship_type, u.name, u.source, u.target, u.properties::jsonb,
             ${attributesOf(sql`u.properties::jsonb`)}, true, ${by}
      FROM unnest(${sql.param(part.map((r) => r.id))}::uuid[],
                  ${sql.param(part.map((r) => r.relationshipType))}::text[],
                  ${sql.param(part.map((r) => r.name))}::text[],
                  ${sql.param(part.map((r) => r.sourceEntityId))}::uuid[],
                  ${sql.param(part.map((r) => r.targetEntityId))}::uuid[],
                  ${sql.param(part.map((r) => JSON.stringify(r.properties)))}::text[])
        AS u(id, relationship_type, name, source, target, properties)`);
  }
}

export interface PendingEntityRow {
  id: string;
  entity_type: string;
  name: string;
  description: string | null;
  external_id: string | null;
  properties: Record<string, string>;
  attributes: { key: string; value: string }[];
  created_at: string;
}

export interface PendingRelationshipRow {
  id: string;
  relationship_type: string;
  name: string;
  source_entity_id: string;
  target_entity_id: string;
  properties: Record<string, string>;
  attributes: { key: string; value: string }[];
  created_at: string;
}

/** Which pending rows: all of the system, those of one run, or these ids. */
export type Selection = { jobRunId?: string; ids?: string[] };

const selected = (s: Selection) => {
  const parts = [sql`TRUE`];
  if (s.jobRunId !== undefined) parts.push(sql`properties->>'provenance.job_run_id' = ${s.jobRunId}`);
  if (s.ids !== undefined) parts.push(sql`id = ANY(${sql.param(s.ids)}::uuid[])`);
  return sql.join(parts, sql` AND `);
};

const createdAtText = sql`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export function pendingEntities(ex: Executor, systemId: string, s: Selection = {}) {
  return queryRows<PendingEntityRow>(
    ex,
    sql`SELECT id, entity_type, name, description, external_id, properties, attributes,
               ${createdAtText} AS created_at
        FROM entities WHERE system_id = ${systemId} AND is_pending AND NOT is_deleted AND ${selected(s)}
        ORDER BY created_at, id`,
  );
}

export function pendingRelationships(ex: Executor, systemId: string, s: Selection = {}) {
  return queryRows<PendingRelationshipRow>(
    ex,
    sql`SELECT id, relationship_type, name, source_entity_id, target_entity_id, properties, attributes,
               ${createdAtText} AS created_at
        FROM relationships WHERE system_id = ${systemId} AND is_pending AND NOT is_deleted AND ${selected(s)}
        ORDER BY created_at, id`,
  );
}

/**
 * One page of the pending items (entities and relationships together), ordered so a run's items are
 * contiguous: by run (UUIDv7, so oldest first; items without a run last), entities before
 * relationships, then created_at and id. With the totals of each kind, all pages.
 */
export async function pendingPage(
  ex: Executor,
  systemId: string,
  s: Selection,
  page: { limit: number; offset: number },
) {
  const of = (table: string, kind: number) =>
    sql`SELECT ${kind}::int AS kind, id, created_at, properties->>'provenance.job_run_id' AS run
        FROM ${sql.raw(table)} WHERE system_id = ${systemId} AND is_pending AND NOT is_deleted AND ${selected(s)}`;
  const rows = await queryRows<{ kind: number; id: string }>(
    ex,
    sql`SELECT kind, id FROM (${of('entities', 0)} UNION ALL ${of('relationships', 1)}) p
        ORDER BY run NULLS LAST, kind, created_at, id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  const totals = await queryRows<{ entities: number | string; relationships: number | string }>(
    ex,
    sql`SELECT (SELECT count(*) FROM (${of('entities', 0)}) e) AS entities,
               (SELECT count(*) FROM (${of('relationships', 1)}) r) AS relationships`,
  );
  return {
    entityIds: rows.filter((r) => Number(r.kind) === 0).map((r) => r.id),
    relationshipIds: rows.filter((r) => Number(r.kind) === 1).map((r) => r.id),
    entityCount: Number(totals[0]?.entities ?? 0),
    relationshipCount: Number(totals[0]?.relationships ?? 0),
  };
}

/** The parents of these entities through pending CONTAINS edges: what a proposal's parent_ids say. */
export function pendingContainsParents(ex: Executor, systemId: string, childIds: string[]) {
  if (childIds.length === 0) return Promise.resolve([]);
  return queryRows<{ child: string; parent: string }>(
    ex,
    sql`SELECT target_entity_id AS child, source_entity_id AS parent FROM relationships
        WHERE system_id = ${systemId} AND is_pending AND NOT is_deleted AND relationship_type = 'CONTAINS'
          AND target_entity_id = ANY(${sql.param(childIds)}::uuid[])
        ORDER BY created_at, id`,
  );
}

/** Pending CONTAINS edges into these entities, with their parent and whether it is pending too. */
export function pendingContainsInto(ex: Executor, systemId: string, childIds: string[]) {
  if (childIds.length === 0) return Promise.resolve([]);
  return queryRows<{ id: string; parent: string; parent_pending: boolean }>(
    ex,
    sql`SELECT r.id, r.source_entity_id AS parent, e.is_pending AS parent_pending
        FROM relationships r JOIN entities e ON e.id = r.source_entity_id AND NOT e.is_deleted
        WHERE r.system_id = ${systemId} AND r.is_pending AND NOT r.is_deleted
          AND r.relationship_type = 'CONTAINS' AND r.target_entity_id = ANY(${sql.param(childIds)}::uuid[])`,
  );
}

/** Which of these entity ids are pending (live) entities of the system. */
export async function pendingEntityIds(ex: Executor, systemId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    ex,
    sql`SELECT id FROM entities WHERE system_id = ${systemId} AND is_pending AND NOT is_deleted
        AND id = ANY(${sql.param(ids)}::uuid[])`,
  );
  return new Set(rows.map((r) => r.id));
}

export async function approve(ex: Executor, table: 'entities' | 'relationships', ids: string[]) {
  const name = sql.raw(table);
  for (const part of chunks(ids, 10_000)) {
    await ex.execute(sql`UPDATE ${name} SET is_pending = false, updated_at = now()
                         WHERE id = ANY(${sql.param(part)}::uuid[]) AND is_pending AND NOT is_deleted`);
  }
}

/** Pending relationships touching these entities (rejected with them: they would dangle). */
export async function pendingRelationshipsTouching(ex: Executor, entityIds: string[]): Promise<string[]> {
  if (entityIds.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    ex,
    sql`SELECT id FROM relationships WHERE is_pending AND NOT is_deleted
        AND (source_entity_id = ANY(${sql.param(entityIds)}::uuid[])
             OR target_entity_id = ANY(${sql.param(entityIds)}::uuid[]))`,
  );
  return rows.map((r) => r.id);
}
