// Writes what a metagraph_update run extracted as pending proposals, in one transaction.
//
// Safe to repeat: the system row is locked first (the same lock batch saves take), then the matcher
// reads every live entity and relationship, pending ones included. An extracted entity that matches
// one (external_id, name or alias) is not written again, an update proposal identical to one already
// waiting is not written again, and a relationship whose type and ends already exist is skipped. So a
// second run over the same documents writes nothing, and two runs on one system cannot interleave.
// What a reviewer rejected is remembered per system (metagraph_rejections) and not written again.
// The metagraph version does not move: pending items are not part of the approved model.
import type { Db } from '../../db/client.js';
import { newId } from '../../core/ids.js';
import type { ExtractedModel } from '../../analysis/extract/types.js';
import * as systems from '../systems/systems.repository.js';
import * as proposals from './proposals.repository.js';
import * as rejections from './rejections.repository.js';
import {
  KEYS,
  planEntities,
  planRelationships,
  provenanceProperties,
  type PlannedRelationship,
} from './proposals.rules.js';
import { LIMITS } from './batch-save.schemas.js';

/** Who proposals are created by (design.md: the service's own marker). */
export const PROPOSER = 'Assistant';

export interface Written {
  entities: { id: string; name: string; updatesEntityId?: string }[];
  relationships: { id: string; title: string }[];
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

export async function writeProposals(
  db: Db,
  systemId: string,
  jobRunId: string,
  model: ExtractedModel,
): Promise<Written> {
  return db.transaction(async (tx) => {
    if ((await systems.lockSystemVersion(tx, systemId)) === undefined) {
      throw new Error(`system ${systemId} is gone`);
    }
    const known = await proposals.knownEntities(tx, systemId);
    // What reviewers rejected before is not proposed again (rejections.repository.ts).
    const rejected = await rejections.rejectionSet(tx, systemId);
    const plan = planEntities(model, known, newId, rejected);
    const rows: proposals.PendingEntity[] = [
      ...plan.creates.map(({ entity: e, id }) => ({
        id,
        entityType: e.entityType,
        name: clip(e.name, LIMITS.name),
        description: e.description ?? null,
        externalId: e.externalId ?? null,
        properties: {
          ...e.properties,
          ...(e.aliases.length > 0 ? { [KEYS.aliases]: e.aliases.join('; ') } : {}),
          ...provenanceProperties(e.provenance, jobRunId),
        },
      })),
      ...plan.updates.map(({ entity: e, targetId, patch, id }) => {
        const target = known.find((k) => k.id === targetId)!;
        return {
          id,
          entityType: target.entityType,
          name: target.name,
          description: null,
          externalId: null,
          properties: {
            ...patch,
            ...provenanceProperties(e.provenance, jobRunId),
            [KEYS.updatesEntityId]: targetId,
          },
        };
      }),
    ];
    await proposals.insertPendingEntities(tx, systemId, PROPOSER, rows);

    const nameOf = new Map(known.map((k) => [k.id, k.name]));
    plan.creates.forEach(({ entity, id }) => nameOf.set(id, entity.name));
    const planned = planRelationships(
      model,
      plan.idOf,
      await proposals.knownRelationships(tx, systemId),
      newId,
      { keys: rejected, nameOf },
    );
    await proposals.insertPendingRelationships(
      tx,
      systemId,
      PROPOSER,
      planned.map((r: PlannedRelationship) => ({
        id: r.id,
        relationshipType: r.relationshipType,
        name: r.name,
        sourceEntityId: r.sourceEntityId,
        targetEntityId: r.targetEntityId,
        properties: { ...r.properties, ...provenanceProperties(r.provenance, jobRunId) },
      })),
    );
    rows.forEach((r) => nameOf.set(r.id, r.name));
    return {
      entities: rows.map((r) => ({
        id: r.id,
        name: r.name,
        ...(r.properties[KEYS.updatesEntityId]
          ? { updatesEntityId: r.properties[KEYS.updatesEntityId] }
          : {}),
      })),
      relationships: planned.map((r) => ({
        id: r.id,
        title: `${nameOf.get(r.sourceEntityId)} ${r.relationshipType} ${nameOf.get(r.targetEntityId)}`,
      })),
    };
  });
}
