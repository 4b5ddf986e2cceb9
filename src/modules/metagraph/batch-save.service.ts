// Batch save: the one way to change a metagraph. One transaction, all or nothing. The system row is
// locked first (SELECT ... FOR UPDATE), so concurrent saves on one system run one after another and
// each gets its own version (+1 per save); saves on different systems do not wait for each other.
import type { Db, Tx } from '../../db/client.js';
import { Errors } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Actor } from '../../core/auth.js';
import * as changes from './changes.repository.js';
import * as entities from './entities.repository.js';
import * as relationships from './relationships.repository.js';
import * as systems from '../systems/systems.repository.js';
import { pendingEntityIds } from './proposals.repository.js';
import { canonicalIds, planBatch, referencedIds, type BatchPlan } from './batch-save.rules.js';
import type { BatchSaveBody, BatchSaveResult } from './batch-save.schemas.js';

/** `{a: "1", b: null}` -> keys to set and keys to remove. */
function splitPatch(properties: Record<string, string | null> | undefined) {
  const setProperties: Record<string, string> = {};
  const removeProperties: string[] = [];
  for (const [key, value] of Object.entries(properties ?? {})) {
    if (value === null) removeProperties.push(key);
    else setProperties[key] = value;
  }
  return { setProperties, removeProperties };
}

export class BatchSaveService {
  constructor(private readonly db: Db) {}

  async save(actor: Actor, systemId: string, request: BatchSaveBody): Promise<BatchSaveResult> {
    const body = canonicalIds(request);
    return this.db.transaction(async (tx) => {
      const current = await systems.lockSystemVersion(tx, systemId);
      if (current === undefined) throw Errors.notFound('system');
      if (body.base_version !== undefined && body.base_version !== current) {
        throw Errors.staleBaseVersion('metagraph', current, body.base_version);
      }

      const refs = referencedIds(body);
      const existing = {
        entityIds: await entities.liveEntityIds(tx, systemId, refs.entities),
        relationshipTypes: await relationships.liveRelationshipTypes(tx, systemId, refs.relationships),
        pendingEntityIds: await pendingEntityIds(tx, systemId, refs.entities),
      };
      const planned = planBatch(body, existing, newId);
      if (!planned.ok) {
        throw planned.pendingOnly ? Errors.pendingEntity(planned.errors) : Errors.validation(planned.errors);
      }

      const written = await this.apply(tx, actor.email, systemId, body, planned.plan);
      const version = current + 1;
      await systems.setSystemVersion(tx, systemId, version);
      await changes.insertChange(tx, {
        id: newId(),
        systemId,
        version,
        changedBy: actor.email,
        entitiesCreated: planned.plan.createdIds,
        entitiesUpdated: (body.updates ?? []).map((u) => u.id),
        entitiesDeleted: body.deletes ?? [],
        relationshipsCreated: written.relationshipsCreated,
        relationshipsUpdated: (body.relationship_updates ?? []).map((r) => r.id),
        relationshipsDeleted: written.relationshipsDeleted,
      });
      return {
        version,
        entities_created: planned.plan.createdIds.length,
        entities_updated: body.updates?.length ?? 0,
        entities_deleted: body.deletes?.length ?? 0,
        relationships_created: body.relationship_creates?.length ?? 0,
        relationships_updated: body.relationship_updates?.length ?? 0,
        relationships_deleted: body.relationship_deletes?.length ?? 0,
        entity_ids: Object.fromEntries(
          (body.creates ?? []).map((c, i) => [c.local_id, planned.plan.createdIds[i]!]),
        ),
        relationship_ids: written.requestedRelationships,
      };
    });
  }

  /**
   * Writes a validated plan. Returns every relationship id created or deleted, generated ones too,
   * and apart the ids of the request's relationship_creates, in request order.
   */
  private async apply(tx: Tx, by: string, systemId: string, body: BatchSaveBody, plan: BatchPlan) {
    const creates = body.creates ?? [];
    await entities.insertEntities(
      tx,
      systemId,
      by,
      creates.map((c, i) => ({
        id: plan.createdIds[i]!,
        entityType: c.type,
        name: c.name,
        description: c.description ?? null,
        properties: c.properties ?? {},
      })),
    );
    const newEdges: relationships.NewRelationship[] = [];
    const containsEdge = (parent: string, child: string): relationships.NewRelationship => ({
      id: newId(),
      relationshipType: 'CONTAINS',
      name: '',
      description: null,
      sourceEntityId: parent,
      targetEntityId: child,
      properties: {},
    });
    creates.forEach((_, i) => {
      for (const parent of new Set(plan.createParents[i]))
        newEdges.push(containsEdge(parent, plan.createdIds[i]!));
    });

    const removedEdges: string[] = [];
    for (const [i, update] of (body.updates ?? []).entries()) {
      await entities.updateEntity(tx, update.id, {
        name: update.name,
        entityType: update.type,
        description: update.description,
        ...splitPatch(update.properties),
      });
      const parents = plan.updateParents[i];
      if (parents) {
        const wanted = new Set(parents);
        const stored = await relationships.containsParents(tx, update.id);
        removedEdges.push(...stored.filter((e) => !wanted.has(e.parent)).map((e) => e.id));
        const kept = new Set(stored.map((e) => e.parent));
        for (const parent of wanted) if (!kept.has(parent)) newEdges.push(containsEdge(parent, update.id));
      }
    }
    await relationships.softDeleteRelationships(tx, removedEdges);

    const requestedRelationships = (body.relationship_creates ?? []).map(() => newId());
    (body.relationship_creates ?? []).forEach((r, i) =>
      newEdges.push({
        id: requestedRelationships[i]!,
        relationshipType: r.edge_type,
        name: r.name ?? '',
        description: r.description ?? null,
        sourceEntityId: plan.relationshipEnds[i]!.source,
        targetEntityId: plan.relationshipEnds[i]!.target,
        properties: r.properties ?? {},
      }),
    );
    await relationships.insertRelationships(tx, systemId, by, newEdges);

    for (const update of body.relationship_updates ?? []) {
      await relationships.updateRelationship(tx, update.id, {
        relationshipType: update.relationship_type,
        name: update.name,
        description: update.description,
        ...splitPatch(update.properties),
      });
    }
    await relationships.softDeleteRelationships(tx, body.relationship_deletes ?? []);
    await entities.softDeleteEntities(tx, body.deletes ?? []);
    const cascaded = await relationships.softDeleteTouching(tx, body.deletes ?? []);

    // Moves can close a cycle through stored edges the request never named; only the database sees
    // those. Checked after writing, inside the transaction: a refusal rolls everything back.
    const cycleAt = await relationships.findContainsCycle(tx, [...plan.moveOrigins.keys()]);
    if (cycleAt) {
      throw Errors.invalidField(
        plan.moveOrigins.get(cycleAt)!,
        'would contain the entity in its own descendant (a CONTAINS cycle)',
      );
    }
    return {
      requestedRelationships,
      relationshipsCreated: newEdges.map((e) => e.id),
      relationshipsDeleted: [...removedEdges, ...(body.relationship_deletes ?? []), ...cascaded],
    };
  }
}
