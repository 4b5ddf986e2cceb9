// The rules of a batch save, as a pure function: given the request and what already exists in the
// system, either every refusal (each naming its item and field) or a plan with every reference
// resolved to a UUID. No I/O here, so each rule has a plain unit test.
import type { FieldError } from '../../core/errors.js';
import { isUuid } from '../../core/ids.js';
import type { BatchSaveBody } from './batch-save.schemas.js';

export interface ExistingGraph {
  /** Live entities of this system among the ids the request names. */
  entityIds: ReadonlySet<string>;
  /** Live relationships of this system among the ids the request names, with their type. */
  relationshipTypes: ReadonlyMap<string, string>;
  /** Those of `entityIds` that are pending proposals (is_pending): never a parent or an edge's end. */
  pendingEntityIds?: ReadonlySet<string>;
}

export interface BatchPlan {
  /** UUID given to creates[i]. */
  createdIds: string[];
  createParents: string[][];
  /** Resolved parent_ids per updates[i]; undefined where the update leaves parents alone. */
  updateParents: (string[] | undefined)[];
  relationshipEnds: { source: string; target: string }[];
  /** Where each moved entity's parent_ids came from, to name it if the database finds a cycle. */
  moveOrigins: Map<string, string>;
}

/** `pendingOnly`: every refusal is a reference to a pending entity (409 pending_entity, not 400). */
export type PlanResult =
  { ok: true; plan: BatchPlan } | { ok: false; errors: FieldError[]; pendingOnly: boolean };

/**
 * Ids in lower case, as PostgreSQL prints them: `ABC…` and `abc…` name one entity, and the sets and
 * maps below compare text. References that are local_ids keep their case (they are the client's).
 */
export function canonicalIds(body: BatchSaveBody): BatchSaveBody {
  const locals = new Set((body.creates ?? []).map((c) => c.local_id));
  const ref = (r: string) => (locals.has(r) || !isUuid(r) ? r : r.toLowerCase());
  const id = (i: string) => i.toLowerCase();
  return {
    ...body,
    creates: body.creates?.map((c) => ({ ...c, parent_ids: c.parent_ids?.map(ref) })),
    updates: body.updates?.map((u) => ({ ...u, id: id(u.id), parent_ids: u.parent_ids?.map(ref) })),
    deletes: body.deletes?.map(id),
    relationship_creates: body.relationship_creates?.map((r) => ({
      ...r,
      source_id: ref(r.source_id),
      target_id: ref(r.target_id),
    })),
    relationship_updates: body.relationship_updates?.map((r) => ({ ...r, id: id(r.id) })),
    relationship_deletes: body.relationship_deletes?.map(id),
  };
}

/**
 * Collects the ids of existing records a request names, to load them in one query each. A reference
 * that is neither a local_id nor a UUID cannot name a record: it is left out (the lookup casts to
 * uuid[], which would fail on it) and planBatch refuses it as undefined.
 */
export function referencedIds(body: BatchSaveBody): { entities: string[]; relationships: string[] } {
  const locals = new Set((body.creates ?? []).map((c) => c.local_id));
  const entities = new Set<string>([...(body.deletes ?? []), ...(body.updates ?? []).map((u) => u.id)]);
  const addRef = (ref: string) => {
    if (!locals.has(ref) && isUuid(ref)) entities.add(ref);
  };
  for (const c of body.creates ?? []) c.parent_ids?.forEach(addRef);
  for (const u of body.updates ?? []) u.parent_ids?.forEach(addRef);
  for (const r of body.relationship_creates ?? []) [r.source_id, r.target_id].forEach(addRef);
  const relationships = [
    ...(body.relationship_updates ?? []).map((r) => r.id),
    ...(body.relationship_deletes ?? []),
  ];
  return { entities: [...entities], relationships: [...new Set(relationships)] };
}

export function planBatch(body: BatchSaveBody, existing: ExistingGraph, newId: () => string): PlanResult {
  const errors: FieldError[] = [];
  let pendingRefusals = 0;
  const fail = (path: string, message: string) => errors.push({ path, message });
  const pending = existing.pendingEntityIds ?? new Set<string>();
  const creates = body.creates ?? [];
  const updates = body.updates ?? [];
  const deleted = new Set(body.deletes ?? []);

  const localIds = new Map<string, string>();
  const createdIds = creates.map((c, i) => {
    const id = newId();
    if (localIds.has(c.local_id)) fail(`body.creates[${i}].local_id`, `"${c.local_id}" is used twice`);
    else localIds.set(c.local_id, id);
    return id;
  });

  /**
   * A reference is a local_id of this request or a live, approved entity of this system not deleted
   * here. A pending one is refused: approving or rejecting it is the reviewer's call, and an approved
   * child or edge hanging on it would be left dangling by a reject (or approve it unseen).
   */
  const resolve = (ref: string, path: string): string | undefined => {
    const local = localIds.get(ref);
    if (local) return local;
    if (deleted.has(ref)) return void fail(path, `names entity ${ref}, which this request deletes`);
    if (pending.has(ref)) {
      pendingRefusals++;
      return void fail(path, `names entity ${ref}, which is a pending proposal`);
    }
    if (existing.entityIds.has(ref)) return ref;
    return void fail(path, `"${ref}" is neither a local_id of this request nor a live entity of this system`);
  };
  const resolveAll = (refs: string[], path: string): string[] =>
    refs.flatMap((ref, k) => resolve(ref, `${path}[${k}]`) ?? []);

  const createParents = creates.map((c, i) =>
    resolveAll(c.parent_ids ?? [], `body.creates[${i}].parent_ids`),
  );

  const seenUpdates = new Set<string>();
  const updateParents = updates.map((u, i) => {
    if (!existing.entityIds.has(u.id)) fail(`body.updates[${i}].id`, 'is not a live entity of this system');
    if (seenUpdates.has(u.id)) fail(`body.updates[${i}].id`, 'is updated twice in this request');
    seenUpdates.add(u.id);
    return u.parent_ids && resolveAll(u.parent_ids, `body.updates[${i}].parent_ids`);
  });

  (body.deletes ?? []).forEach((id, i) => {
    if (!existing.entityIds.has(id)) fail(`body.deletes[${i}]`, 'is not a live entity of this system');
  });

  const relationshipEnds = (body.relationship_creates ?? []).map((r, i) => {
    if (r.edge_type === 'CONTAINS') {
      fail(
        `body.relationship_creates[${i}].edge_type`,
        'CONTAINS edges cannot be created here: set parent_ids on the child entity',
      );
    }
    const path = `body.relationship_creates[${i}]`;
    return {
      source: resolve(r.source_id, `${path}.source_id`) ?? '',
      target: resolve(r.target_id, `${path}.target_id`) ?? '',
    };
  });

  (body.relationship_updates ?? []).forEach((r, i) => {
    const current = existing.relationshipTypes.get(r.id);
    if (current === undefined)
      fail(`body.relationship_updates[${i}].id`, 'is not a live relationship of this system');
    else if (
      current === 'CONTAINS' &&
      r.relationship_type !== undefined &&
      r.relationship_type !== 'CONTAINS'
    ) {
      fail(
        `body.relationship_updates[${i}].relationship_type`,
        'a CONTAINS edge is changed through parent_ids',
      );
    }
    if (r.relationship_type === 'CONTAINS' && current !== 'CONTAINS') {
      fail(`body.relationship_updates[${i}].relationship_type`, 'CONTAINS edges come from parent_ids only');
    }
  });
  (body.relationship_deletes ?? []).forEach((id, i) => {
    if (!existing.relationshipTypes.has(id)) {
      fail(`body.relationship_deletes[${i}]`, 'is not a live relationship of this system');
    }
  });

  const moveOrigins = new Map<string, string>();
  updates.forEach((u, i) => {
    if (u.parent_ids) moveOrigins.set(u.id, `body.updates[${i}].parent_ids`);
  });
  if (errors.length === 0) {
    const parentsInRequest = new Map<string, { parents: string[]; path: string }>();
    createdIds.forEach((id, i) =>
      parentsInRequest.set(id, { parents: createParents[i]!, path: `body.creates[${i}].parent_ids` }),
    );
    updates.forEach((u, i) => {
      const parents = updateParents[i];
      if (parents) parentsInRequest.set(u.id, { parents, path: `body.updates[${i}].parent_ids` });
    });
    const cyclePath = findCycle(parentsInRequest);
    if (cyclePath) fail(cyclePath, 'would contain the entity in its own descendant (a CONTAINS cycle)');
  }

  if (errors.length > 0) return { ok: false, errors, pendingOnly: pendingRefusals === errors.length };
  return {
    ok: true,
    plan: { createdIds, createParents, updateParents: updateParents, relationshipEnds, moveOrigins },
  };
}

/**
 * A cycle among the parent links this request sets, by depth-first search. Cycles that also run
 * through stored edges need a moved entity; the database checks those after writing (see
 * batch-save.service.ts). Returns the path of the item whose parent_ids close the cycle.
 */
export function findCycle(
  links: ReadonlyMap<string, { parents: string[]; path: string }>,
): string | undefined {
  const state = new Map<string, 'open' | 'done'>();
  for (const start of links.keys()) {
    if (state.has(start)) continue;
    // Iterative DFS: a CONTAINS chain of 100k created entities would overflow the call stack.
    const stack: { node: string; next: number }[] = [{ node: start, next: 0 }];
    state.set(start, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const link = links.get(top.node);
      const parent = link?.parents[top.next++];
      if (parent === undefined) {
        state.set(top.node, 'done');
        stack.pop();
      } else if (state.get(parent) === 'open') {
        return link!.path;
      } else if (!state.has(parent)) {
        state.set(parent, 'open');
        stack.push({ node: parent, next: 0 });
      }
    }
  }
  return undefined;
}
