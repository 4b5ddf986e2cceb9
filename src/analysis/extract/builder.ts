// What every extractor writes into: raw mentions of entities and relationships by name, each with its
// provenance. Merging mentions into one entity per thing is extract.ts's job, so an extractor never
// needs to know what another document said.
import type { EntityType, Provenance, RelationshipType } from './types.js';

export interface EntityMention {
  name: string;
  entityType: EntityType;
  aliases: string[];
  /**
   * Names shown among its aliases that never merge it with anything: a connector's board label
   * ("RACK") names the connector on its own board, and the same word names the rack it leads to.
   */
  labels?: string[];
  externalId?: string;
  description?: string;
  properties: Record<string, string>;
  parentName?: string;
  /**
   * Identities that are not names (a connector pin "pin:X2:3"): mentions sharing one are one thing,
   * but the key is never shown as an alias.
   */
  keys?: string[];
  provenance: Provenance;
  /** How much to trust the type: structured sources outvote prose. */
  weight: number;
}

export interface RelationshipMention {
  source: string;
  target: string;
  relationshipType: RelationshipType;
  name?: string;
  properties: Record<string, string>;
  provenance: Provenance;
}

export interface EntityOptions {
  aliases?: (string | undefined)[];
  labels?: string[];
  externalId?: string;
  description?: string;
  properties?: Record<string, string | undefined>;
  parentName?: string;
  keys?: string[];
  weight?: number;
}

export class MentionSink {
  readonly entities: EntityMention[] = [];
  readonly relationships: RelationshipMention[] = [];

  entity(name: string, entityType: EntityType, provenance: Provenance, options: EntityOptions = {}): string {
    const clean = name.trim();
    const properties: Record<string, string> = {};
    for (const [k, v] of Object.entries(options.properties ?? {}))
      if (v && v.trim()) properties[k] = v.trim();
    this.entities.push({
      name: clean,
      entityType,
      aliases: (options.aliases ?? []).filter(
        (a): a is string => !!a && a.trim() !== '' && a.trim() !== clean,
      ),
      ...(options.labels?.length ? { labels: [...options.labels] } : {}),
      ...(options.externalId ? { externalId: options.externalId } : {}),
      ...(options.description ? { description: options.description } : {}),
      properties,
      ...(options.parentName ? { parentName: options.parentName } : {}),
      ...(options.keys?.length ? { keys: [...options.keys] } : {}),
      provenance,
      weight: options.weight ?? 2,
    });
    return clean;
  }

  relate(
    source: string,
    target: string,
    relationshipType: RelationshipType,
    provenance: Provenance,
    name?: string,
    properties: Record<string, string> = {},
  ): void {
    if (!source.trim() || !target.trim()) return;
    this.relationships.push({
      source: source.trim(),
      target: target.trim(),
      relationshipType,
      ...(name ? { name } : {}),
      properties: { ...properties },
      provenance,
    });
  }
}
