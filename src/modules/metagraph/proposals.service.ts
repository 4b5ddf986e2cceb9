// Review of what metagraph_update runs proposed. Listing groups the pending items by run, with their
// provenance. Approving is a batch save: one transaction under the system's version lock (the lock
// batch-save.service.ts takes), version +1, and a change set naming what became live.
//
// Decisions:
// - Approving an entity approves its parent chain: the pending CONTAINS proposals into it and their
//   pending parents, up to an approved entity or a root. Approving a relationship approves its pending
//   ends. A BOM line approved without its assembly would be an orphan in a tree nobody asked to
//   flatten; the answer lists every id that was approved, so nothing happens unseen.
// - An update proposal (`updates_entity_id`) patches the approved entity's properties (an update in the
//   change set) and is then removed; the approved entity keeps its id.
// - Rejecting soft-deletes the proposals, and the pending relationships that touch a rejected entity
//   (they would dangle). The version does not move: pending items were never part of the model.
//   Rejections are remembered per system, so later runs do not propose the same items again;
//   DELETE .../proposals/rejections forgets them all (the one undo: simple, and enough after a
//   reviewer's mistake or a changed design).
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../core/auth.js';
import { Errors } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import * as systems from '../systems/systems.repository.js';
import * as changes from './changes.repository.js';
import * as entities from './entities.repository.js';
import * as relationships from './relationships.repository.js';
import * as repo from './proposals.repository.js';
import { KEYS, entityRejections, isReservedKey, relationshipRejection } from './proposals.rules.js';
import * as rejections from './rejections.repository.js';
import type {
  ApproveResult,
  EntityProposal,
  ProposalsQuery,
  Proposals,
  ProvenanceItem,
  RejectResult,
  RelationshipProposal,
  ReviewBody,
} from './proposals.schemas.js';

/** Stored provenance, read defensively: a property someone edited by hand must not break the list. */
function provenanceOf(properties: Record<string, string>): ProvenanceItem[] {
  try {
    const parsed: unknown = JSON.parse(properties[KEYS.sources] ?? '[]');
    return Array.isArray(parsed) ? (parsed as ProvenanceItem[]) : [];
  } catch {
    return [];
  }
}

function selectionOf(body: ReviewBody): repo.Selection {
  if ((body.ids === undefined) === (body.job_run_id === undefined)) {
    throw Errors.invalidField('body', 'must have exactly one of ids and job_run_id');
  }
  return body.ids ? { ids: body.ids.map((id) => id.toLowerCase()) } : { jobRunId: body.job_run_id! };
}

export class ProposalsService {
  constructor(private readonly db: Db) {}

  async list(systemId: string, query: ProposalsQuery): Promise<Proposals> {
    if (!(await systems.findLiveSystem(this.db, systemId))) throw Errors.notFound('system');
    const selection = query.job_run_id ? { jobRunId: query.job_run_id } : {};
    const page = await repo.pendingPage(this.db, systemId, selection, {
      limit: query.limit ?? 100,
      offset: query.offset ?? 0,
    });
    const ents =
      page.entityIds.length > 0 ? await repo.pendingEntities(this.db, systemId, { ids: page.entityIds }) : [];
    const rels =
      page.relationshipIds.length > 0
        ? await repo.pendingRelationships(this.db, systemId, { ids: page.relationshipIds })
        : [];
    // Parents from every pending CONTAINS edge, not only this page's: an entity's edge may sit on the next.
    const parents = new Map<string, string[]>();
    for (const edge of await repo.pendingContainsParents(this.db, systemId, page.entityIds)) {
      parents.set(edge.child, [...(parents.get(edge.child) ?? []), edge.parent]);
    }
    const groups = new Map<string | null, Proposals['runs'][number]>();
    const group = (properties: Record<string, string>) => {
      const run = properties[KEYS.jobRunId] ?? null;
      if (!groups.has(run)) groups.set(run, { job_run_id: run, entities: [], relationships: [] });
      return groups.get(run)!;
    };
    for (const e of ents) {
      const item: EntityProposal = {
        uuid: e.id,
        entity_type: e.entity_type as EntityProposal['entity_type'],
        name: e.name,
        description: e.description,
        external_id: e.external_id,
        attributes: e.attributes,
        updates_entity_id: e.properties[KEYS.updatesEntityId] ?? null,
        parent_ids: parents.get(e.id) ?? [],
        provenance: provenanceOf(e.properties),
        created_at: e.created_at,
      };
      group(e.properties).entities.push(item);
    }
    for (const r of rels) {
      const item: RelationshipProposal = {
        uuid: r.id,
        relationship_type: r.relationship_type as RelationshipProposal['relationship_type'],
        name: r.name,
        source_entity_id: r.source_entity_id,
        target_entity_id: r.target_entity_id,
        attributes: r.attributes,
        provenance: provenanceOf(r.properties),
        created_at: r.created_at,
      };
      group(r.properties).relationships.push(item);
    }
    return {
      system_id: systemId,
      count: page.entityCount + page.relationshipCount,
      rejected_count: await rejections.countRejections(this.db, systemId),
      entity_count: page.entityCount,
      relationship_count: page.relationshipCount,
      // The page's order: by run (UUIDv7 text sorts by time), those without a run last.
      runs: [...groups.values()].sort((a, b) =>
        a.job_run_id === b.job_run_id
          ? 0
          : a.job_run_id === null
            ? 1
            : b.job_run_id === null
              ? -1
              : a.job_run_id < b.job_run_id
                ? -1
                : 1,
      ),
    };
  }

  /** The selected pending rows; every id given must be one of them. */
  private async selected(tx: Tx, systemId: string, body: ReviewBody) {
    const selection = selectionOf(body);
    const ents = await repo.pendingEntities(tx, systemId, selection);
    const rels = await repo.pendingRelationships(tx, systemId, selection);
    if (body.ids) {
      const found = new Set([...ents.map((e) => e.id), ...rels.map((r) => r.id)]);
      const missing = body.ids.findIndex((id) => !found.has(id.toLowerCase()));
      if (missing >= 0) {
        throw Errors.invalidField(`body.ids[${missing}]`, 'is not a pending proposal of this system');
      }
    }
    if (ents.length === 0 && rels.length === 0) {
      throw Errors.stateConflict('No proposals of that run wait for review.');
    }
    return { ents, rels };
  }

  async approve(actor: Actor, systemId: string, body: ReviewBody): Promise<ApproveResult> {
    return this.db.transaction(async (tx) => {
      const current = await systems.lockSystemVersion(tx, systemId);
      if (current === undefined) throw Errors.notFound('system');
      const { ents, rels } = await this.selected(tx, systemId, body);

      const updates = ents.filter((e) => e.properties[KEYS.updatesEntityId]);
      const entityIds = new Set(ents.filter((e) => !e.properties[KEYS.updatesEntityId]).map((e) => e.id));
      const relIds = new Set(rels.map((r) => r.id));
      const containsParents = new Set(
        rels.filter((r) => r.relationship_type === 'CONTAINS').map((r) => r.source_entity_id),
      );
      // The closure: pending ends of approved relationships, then the parent chain of every entity.
      const ends = rels.flatMap((r) => [r.source_entity_id, r.target_entity_id]);
      let fresh = [...(await repo.pendingEntityIds(tx, systemId, ends))].filter((id) => !entityIds.has(id));
      fresh.forEach((id) => entityIds.add(id));
      fresh = [...entityIds];
      while (fresh.length > 0) {
        const into = await repo.pendingContainsInto(tx, systemId, fresh);
        fresh = [];
        for (const edge of into) {
          relIds.add(edge.id);
          containsParents.add(edge.parent);
          if (edge.parent_pending && !entityIds.has(edge.parent)) {
            entityIds.add(edge.parent);
            fresh.push(edge.parent);
          }
        }
      }

      await repo.approve(tx, 'entities', [...entityIds]);
      await repo.approve(tx, 'relationships', [...relIds]);
      const updated: string[] = [];
      for (const u of updates) {
        const targetId = u.properties[KEYS.updatesEntityId]!;
        const target = await entities.findLiveEntity(tx, systemId, targetId);
        if (!target || target.isPending) {
          throw Errors.stateConflict(
            `The update proposal ${u.id} is for entity ${targetId}, which is no longer an approved entity: reject it.`,
          );
        }
        const setProperties = Object.fromEntries(
          Object.entries(u.properties).filter(([k]) => !isReservedKey(k)),
        );
        await entities.updateEntity(tx, targetId, { setProperties, removeProperties: [] });
        updated.push(targetId);
      }
      await entities.softDeleteEntities(
        tx,
        updates.map((u) => u.id),
      );
      const cycleAt = await relationships.findContainsCycle(tx, [...containsParents]);
      if (cycleAt) {
        throw Errors.stateConflict(
          `Approving these proposals would contain entity ${cycleAt} in its own descendant (a CONTAINS cycle).`,
        );
      }

      const version = current + 1;
      await systems.setSystemVersion(tx, systemId, version);
      await changes.insertChange(tx, {
        id: newId(),
        systemId,
        version,
        changedBy: actor.email,
        entitiesCreated: [...entityIds],
        entitiesUpdated: [...new Set(updated)],
        entitiesDeleted: [],
        relationshipsCreated: [...relIds],
        relationshipsUpdated: [],
        relationshipsDeleted: [],
      });
      return {
        version,
        entities_approved: [...entityIds],
        entities_updated: [...new Set(updated)],
        relationships_approved: [...relIds],
      };
    });
  }

  /**
   * Rejected items are removed and remembered (rejections.repository.ts): the selected entities by
   * name, aliases and external_id, the selected relationships by type and end names, update proposals
   * by target and values. Relationships removed only because they touch a rejected entity are not
   * remembered: they could not be proposed without that entity anyway.
   */
  async reject(actor: Actor, systemId: string, body: ReviewBody): Promise<RejectResult> {
    return this.db.transaction(async (tx) => {
      // The version lock too: a reject and an approval of the same items run one after the other.
      if ((await systems.lockSystemVersion(tx, systemId)) === undefined) throw Errors.notFound('system');
      const { ents, rels } = await this.selected(tx, systemId, body);
      const names = await rejections.entityNames(
        tx,
        rels.flatMap((r) => [r.source_entity_id, r.target_entity_id]),
      );
      const runOf = (p: Record<string, string>) => p[KEYS.jobRunId] ?? null;
      await rejections.insertRejections(tx, systemId, actor.email, [
        ...ents.flatMap((e) =>
          entityRejections({ name: e.name, externalId: e.external_id, properties: e.properties }).map(
            (k) => ({ ...k, jobRunId: runOf(e.properties) }),
          ),
        ),
        ...rels.map((r) => ({
          kind: 'relationship' as const,
          key: relationshipRejection(
            r.relationship_type,
            names.get(r.source_entity_id) ?? r.source_entity_id,
            names.get(r.target_entity_id) ?? r.target_entity_id,
          ),
          jobRunId: runOf(r.properties),
        })),
      ]);
      const entityIds = ents.map((e) => e.id);
      const relIds = [
        ...new Set([...rels.map((r) => r.id), ...(await repo.pendingRelationshipsTouching(tx, entityIds))]),
      ];
      await entities.softDeleteEntities(tx, entityIds);
      await relationships.softDeleteRelationships(tx, relIds);
      return { entities_rejected: entityIds, relationships_rejected: relIds };
    });
  }

  /** Forgets every rejection of the system: later runs may propose those items again. */
  async forgetRejections(systemId: string): Promise<void> {
    if (!(await systems.findLiveSystem(this.db, systemId))) throw Errors.notFound('system');
    await rejections.deleteRejections(this.db, systemId);
  }
}
