// Scores an extraction against a hand-written truth: entities match one-to-one by a shared normalised
// name or alias and the same type; relationships match by endpoints and type (CONNECTS either way
// round). Endpoints are mapped by name alone, so a wrong entity type is counted once, not twice.
import { normaliseName } from './normalise.js';
import type { EntityType, ExtractedModel, RelationshipType } from './types.js';

export interface TruthEntity {
  name: string;
  type: EntityType;
  aliases?: string[];
}
export interface TruthRelationship {
  source: string;
  target: string;
  type: RelationshipType;
}
export interface Truth {
  entities: TruthEntity[];
  relationships: TruthRelationship[];
}

export interface Prf {
  precision: number;
  recall: number;
  f1: number;
  truePositives: number;
  predicted: number;
  expected: number;
}
export interface Score {
  entities: Prf;
  relationships: Prf;
  missedEntities: string[];
  extraEntities: string[];
  missedRelationships: string[];
  extraRelationships: string[];
}

function prf(tp: number, predicted: number, expected: number): Prf {
  const precision = predicted === 0 ? 0 : tp / predicted;
  const recall = expected === 0 ? 0 : tp / expected;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, truePositives: tp, predicted, expected };
}

const namesOf = (name: string, aliases: string[] = []): Set<string> =>
  new Set([name, ...aliases].map(normaliseName).filter((n) => n));
const overlaps = (a: Set<string>, b: Set<string>): boolean => [...a].some((n) => b.has(n));

export function scoreExtraction(model: ExtractedModel, truth: Truth): Score {
  const truthNames = truth.entities.map((t) => namesOf(t.name, t.aliases));
  const predNames = model.entities.map((e) => namesOf(e.name, e.aliases));
  // One-to-one: each truth entity takes the first unused prediction with a shared name and its type.
  const usedPred = new Set<number>();
  const matchedTruth = new Set<number>();
  truth.entities.forEach((t, ti) => {
    const pi = model.entities.findIndex(
      (e, i) => !usedPred.has(i) && e.entityType === t.type && overlaps(predNames[i]!, truthNames[ti]!),
    );
    if (pi < 0) return;
    usedPred.add(pi);
    matchedTruth.add(ti);
  });
  // Endpoints by name only: the truth entity a predicted key stands for.
  const truthOfKey = new Map<string, string>();
  model.entities.forEach((e, i) => {
    const ti = truthNames.findIndex((n) => overlaps(predNames[i]!, n));
    if (ti >= 0) truthOfKey.set(e.key, truth.entities[ti]!.name);
  });
  const relId = (s: string, type: string, t: string): string =>
    type === 'CONNECTS' && t < s ? `${t} ${type} ${s}` : `${s} ${type} ${t}`;
  const expected = new Set(truth.relationships.map((r) => relId(r.source, r.type, r.target)));
  const predicted = new Set<string>();
  const extraRelationships: string[] = [];
  for (const r of model.relationships) {
    const s = truthOfKey.get(r.sourceKey);
    const t = truthOfKey.get(r.targetKey);
    const id = s && t ? relId(s, r.relationshipType, t) : undefined;
    if (id && expected.has(id)) predicted.add(id);
    else extraRelationships.push(`${s ?? '?' + r.sourceKey} ${r.relationshipType} ${t ?? '?' + r.targetKey}`);
  }
  return {
    entities: prf(matchedTruth.size, model.entities.length, truth.entities.length),
    relationships: prf(predicted.size, predicted.size + extraRelationships.length, expected.size),
    missedEntities: truth.entities.filter((_, i) => !matchedTruth.has(i)).map((t) => `${t.name} (${t.type})`),
    extraEntities: model.entities
      .filter((_, i) => !usedPred.has(i))
      .map((e) => `${e.name} (${e.entityType})`),
    missedRelationships: [...expected].filter((id) => !predicted.has(id)),
    extraRelationships,
  };
}
