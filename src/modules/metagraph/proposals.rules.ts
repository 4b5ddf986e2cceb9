// What a metagraph_update run proposes, decided as pure functions: which extracted entities match an
// existing one (by external_id, name or alias), which are new, which change an approved entity, and
// which relationships are missing. No I/O here; proposals.writer.ts reads the metagraph and writes.
//
// How a proposal is stored (design.md: "pending entities/relationships with provenance"):
// - a new entity or relationship is a row with is_pending = true; its properties carry the reserved
//   keys below, so GET .../proposals (and, after approval, the entity itself) says where it came from;
// - a changed property of an APPROVED entity is never written onto it: it becomes a pending entity row
//   of the same name and type whose properties hold only the proposed values, plus
//   `proposal.updates_entity_id` naming the approved entity. Approving it patches the approved entity
//   (an update in the change set) and removes the proposal row; rejecting it removes the row.
// - CONTAINS from the documents' structure is a pending relationship like any other.
import type {
  ExtractedModel,
  Provenance,
  ProposedEntity,
  ProposedRelationship,
} from '../../analysis/extract/types.js';

/** Reserved property keys. `provenance.*` stays after approval (where the data came from). */
export const KEYS = {
  sources: 'provenance.sources',
  jobRunId: 'provenance.job_run_id',
  extractors: 'provenance.extractors',
  aliases: 'aliases',
  updatesEntityId: 'proposal.updates_entity_id',
} as const;

/** Keys that describe the proposal, not the thing: never compared, never copied onto an approved entity. */
export const isReservedKey = (key: string): boolean =>
  key.startsWith('provenance.') || key.startsWith('proposal.');

/** "Power Supply Unit" and "power-supply unit" are one name. */
export const normalise = (name: string): string =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_\-./]+/g, ' ')
    .trim();

/** What the writer knows of a live entity of the system, approved or pending. */
export interface KnownEntity {
  id: string;
  name: string;
  entityType: string;
  externalId: string | null;
  description: string | null;
  properties: Record<string, string>;
  isPending: boolean;
}

export interface KnownRelationship {
  sourceEntityId: string;
  targetEntityId: string;
  relationshipType: string;
}

export const aliasesOf = (properties: Record<string, string>): string[] =>
  (properties[KEYS.aliases] ?? '')
    .split(';')
    .map((a) => a.trim())
    .filter(Boolean);

/** Lookup of live entities by external id and by every normalised name and alias. Approved ones win. */
export class EntityIndex {
  private readonly byExternal = new Map<string, KnownEntity>();
  private readonly byName = new Map<string, KnownEntity>();

  constructor(known: KnownEntity[]) {
    // Approved first, so a name that both an approved and a pending entity carry finds the approved one.
    const ordered = [...known.filter((e) => !e.isPending), ...known.filter((e) => e.isPending)];
    for (const e of ordered) {
      if (e.properties[KEYS.updatesEntityId]) continue; // an update proposal is not an entity of its own
      if (e.externalId && !this.byExternal.has(e.externalId)) this.byExternal.set(e.externalId, e);
      for (const n of [e.name, ...aliasesOf(e.properties)].map(normalise)) {
        if (n && !this.byName.has(n)) this.byName.set(n, e);
      }
    }
  }

  match(p: Pick<ProposedEntity, 'name' | 'aliases' | 'externalId'>): KnownEntity | undefined {
    if (p.externalId) {
      const hit = this.byExternal.get(p.externalId);
      if (hit) return hit;
    }
    for (const n of [p.name, ...p.aliases].map(normalise)) {
      const hit = this.byName.get(n);
      if (hit) return hit;
    }
    return undefined;
  }
}

/** Provenance as stored: snake_case JSON, one element per place the item was seen. */
export function provenanceJson(sources: Provenance[]): string {
  return JSON.stringify(
    sources.map((s) => ({
      document_id: s.documentId ?? null,
      document_name: s.documentName,
      location: s.location,
      extractor: s.extractor,
    })),
  );
}

export function provenanceProperties(sources: Provenance[], jobRunId: string): Record<string, string> {
  return {
    [KEYS.sources]: provenanceJson(sources),
    [KEYS.jobRunId]: jobRunId,
    [KEYS.extractors]: [...new Set(sources.map((s) => s.extractor))].sort().join(';'),
  };
}

/**
 * What an extracted entity would change on an approved one: properties that are new or differ (never
 * removals: a document that does not mention a property says nothing about it), and the description
 * when the approved entity has none. Empty when nothing changes.
 */
export function proposedPatch(approved: KnownEntity, p: ProposedEntity): Record<string, string> {
  const patch: Record<string, string> = {};
  for (const [key, value] of Object.entries(p.properties)) {
    if (isReservedKey(key) || key === KEYS.aliases) continue;
    if (approved.properties[key] !== value) patch[key] = value;
  }
  const knownAliases = new Set([approved.name, ...aliasesOf(approved.properties)].map(normalise));
  const newAliases = p.aliases.filter((a) => !knownAliases.has(normalise(a)));
  if (newAliases.length > 0) {
    patch[KEYS.aliases] = [...aliasesOf(approved.properties), ...newAliases].join('; ');
  }
  return patch;
}

/** Whether an update proposal with exactly this patch already waits for `entityId`. */
export function samePatchPending(known: KnownEntity[], entityId: string, patch: Record<string, string>) {
  const want = JSON.stringify(Object.entries(patch).sort());
  return known.some(
    (e) =>
      e.isPending &&
      e.properties[KEYS.updatesEntityId] === entityId &&
      JSON.stringify(
        Object.entries(e.properties)
          .filter(([k]) => !isReservedKey(k))
          .sort(),
      ) === want,
  );
}

/**
 * What a rejection is remembered by (table metagraph_rejections), as `kind key` strings: the same things
 * the matcher compares, so a later run recognises the rejected item however the documents name it.
 */
export const rejectionKey = (kind: RejectionKind, key: string): string => `${kind} ${key}`;
export type RejectionKind = 'entity_name' | 'entity_external_id' | 'relationship' | 'entity_update';

/** An update proposal: the approved entity and exactly the proposed values (provenance left out). */
export const updateRejection = (targetId: string, patch: Record<string, string>): string =>
  JSON.stringify([
    targetId,
    Object.entries(patch)
      .filter(([k]) => !isReservedKey(k))
      .sort(),
  ]);

export const relationshipRejection = (type: string, sourceName: string, targetName: string): string =>
  `${type} ${normalise(sourceName)} -> ${normalise(targetName)}`;

/** The keys to remember when this pending entity row is rejected. */
export function entityRejections(e: {
  name: string;
  externalId: string | null;
  properties: Record<string, string>;
}): { kind: RejectionKind; key: string }[] {
  const target = e.properties[KEYS.updatesEntityId];
  if (target) return [{ kind: 'entity_update', key: updateRejection(target, e.properties) }];
  const names = new Set([e.name, ...aliasesOf(e.properties)].map(normalise).filter(Boolean));
  return [
    ...[...names].map((key) => ({ kind: 'entity_name' as const, key })),
    ...(e.externalId ? [{ kind: 'entity_external_id' as const, key: e.externalId }] : []),
  ];
}

function isRejectedEntity(p: ProposedEntity, rejected: ReadonlySet<string>): boolean {
  if (p.externalId && rejected.has(rejectionKey('entity_external_id', p.externalId))) return true;
  return [p.name, ...p.aliases].some((n) => rejected.has(rejectionKey('entity_name', normalise(n))));
}

export interface EntityPlan {
  /** New pending entities, by the extractor's key. */
  creates: { key: string; entity: ProposedEntity; id: string }[];
  /** Update proposals for approved entities. */
  updates: { entity: ProposedEntity; targetId: string; patch: Record<string, string>; id: string }[];
  /** Every extracted key -> the entity id it stands for (existing or new). */
  idOf: Map<string, string>;
}

/**
 * `rejected` (rejectionKey strings): what reviewers rejected before. A rejected new entity is left out
 * with every relationship to it (it gets no id); a match with a known entity still wins, so an entity
 * someone created by hand under a rejected name is used as usual.
 */
export function planEntities(
  model: ExtractedModel,
  known: KnownEntity[],
  newId: () => string,
  rejected: ReadonlySet<string> = new Set(),
): EntityPlan {
  const index = new EntityIndex(known);
  const plan: EntityPlan = { creates: [], updates: [], idOf: new Map() };
  for (const entity of model.entities) {
    const hit = index.match(entity);
    if (!hit) {
      if (isRejectedEntity(entity, rejected)) continue;
      const id = newId();
      plan.creates.push({ key: entity.key, entity, id });
      plan.idOf.set(entity.key, id);
      continue;
    }
    plan.idOf.set(entity.key, hit.id);
    if (hit.isPending) continue; // already proposed: a second run adds nothing
    const patch = proposedPatch(hit, entity);
    if (Object.keys(patch).length === 0 || samePatchPending(known, hit.id, patch)) continue;
    if (rejected.has(rejectionKey('entity_update', updateRejection(hit.id, patch)))) continue;
    plan.updates.push({ entity, targetId: hit.id, patch, id: newId() });
  }
  return plan;
}

export interface PlannedRelationship {
  id: string;
  sourceEntityId: string;
  targetEntityId: string;
  relationshipType: string;
  name: string;
  properties: Record<string, string>;
  provenance: Provenance[];
}

/**
 * Relationships to propose: the extracted ones plus a CONTAINS per parentKey, with both ends resolved,
 * minus those a live relationship (approved or pending) of the same type and ends already states.
 */
export function planRelationships(
  model: ExtractedModel,
  idOf: Map<string, string>,
  known: KnownRelationship[],
  newId: () => string,
  rejected: { keys: ReadonlySet<string>; nameOf: ReadonlyMap<string, string> } = {
    keys: new Set(),
    nameOf: new Map(),
  },
): PlannedRelationship[] {
  const seen = new Set(known.map((r) => `${r.relationshipType} ${r.sourceEntityId} ${r.targetEntityId}`));
  const wanted: ProposedRelationship[] = [
    ...model.entities
      .filter((e) => e.parentKey !== undefined)
      .map((e) => ({
        sourceKey: e.parentKey!,
        targetKey: e.key,
        relationshipType: 'CONTAINS' as const,
        properties: {},
        provenance: e.provenance,
      })),
    ...model.relationships,
  ];
  const out: PlannedRelationship[] = [];
  for (const r of wanted) {
    const source = idOf.get(r.sourceKey);
    const target = idOf.get(r.targetKey);
    if (!source || !target || source === target) continue;
    const key = `${r.relationshipType} ${source} ${target}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const [sourceName, targetName] = [rejected.nameOf.get(source), rejected.nameOf.get(target)];
    if (
      sourceName !== undefined &&
      targetName !== undefined &&
      rejected.keys.has(
        rejectionKey('relationship', relationshipRejection(r.relationshipType, sourceName, targetName)),
      )
    ) {
      continue;
    }
    out.push({
      id: newId(),
      sourceEntityId: source,
      targetEntityId: target,
      relationshipType: r.relationshipType,
      name: r.name ?? '',
      properties: r.properties,
      provenance: r.provenance,
    });
  }
  return out;
}
