// The matcher's rules as pure functions: what counts as the same entity, what a proposed update holds,
// which relationships are already stated.
import { describe, expect, it } from 'vitest';
import type { ProposedEntity } from '../../analysis/extract/types.js';
import {
  EntityIndex,
  KEYS,
  normalise,
  planEntities,
  planRelationships,
  proposedPatch,
  type KnownEntity,
} from './proposals.rules.js';
import { markSourceDeleted } from './provenance.js';

const known = (id: string, name: string, fields: Partial<KnownEntity> = {}): KnownEntity => ({
  id,
  name,
  entityType: 'COMPONENT',
  externalId: null,
  description: null,
  properties: {},
  isPending: false,
  ...fields,
});

const extracted = (name: string, fields: Partial<ProposedEntity> = {}): ProposedEntity => ({
  key: normalise(name),
  name,
  entityType: 'COMPONENT',
  aliases: [],
  properties: {},
  provenance: [],
  ...fields,
});

let n = 0;
const ids = () => `id-${++n}`;

describe('normalise', () => {
  it('treats case, spaces, dashes, dots and underscores alike', () => {
    expect(normalise(' Power-Supply_Unit ')).toBe(normalise('power supply.unit'));
    expect(normalise('PSU')).not.toBe(normalise('PSU 2'));
  });
});

describe('EntityIndex', () => {
  it('matches by external id first, then by name or alias either way', () => {
    const index = new EntityIndex([
      known('a', 'Transceiver', { externalId: 'U1' }),
      known('b', 'Power Supply', { properties: { [KEYS.aliases]: 'PSU; Main PSU' } }),
    ]);
    expect(index.match(extracted('RF chip', { externalId: 'U1' }))?.id).toBe('a');
    expect(index.match(extracted('main psu'))?.id).toBe('b');
    expect(index.match(extracted('Regulator', { aliases: ['Power supply'] }))?.id).toBe('b');
    expect(index.match(extracted('Antenna'))).toBeUndefined();
  });

  it('prefers the approved entity, and never matches an update proposal', () => {
    const index = new EntityIndex([
      known('update', 'PSU', { isPending: true, properties: { [KEYS.updatesEntityId]: 'x' } }),
      known('pending', 'PSU', { isPending: true }),
      known('approved', 'PSU'),
    ]);
    expect(index.match(extracted('PSU'))?.id).toBe('approved');
  });
});

describe('proposedPatch', () => {
  it('holds new and changed properties and new aliases, never removals or provenance', () => {
    const approved = known('a', 'PSU', {
      properties: { voltage: '5 V', mass: '1 kg', [KEYS.aliases]: 'P1' },
    });
    const patch = proposedPatch(
      approved,
      extracted('PSU', {
        aliases: ['p1', 'Power Supply'],
        properties: { voltage: '3.3 V', current: '2 A', [KEYS.jobRunId]: 'r' },
      }),
    );
    expect(patch).toEqual({ voltage: '3.3 V', current: '2 A', [KEYS.aliases]: 'P1; Power Supply' });
  });

  it('is empty when the documents say what the approved entity already says', () => {
    const approved = known('a', 'PSU', { properties: { voltage: '5 V' } });
    expect(
      proposedPatch(approved, extracted('PSU', { aliases: ['psu'], properties: { voltage: '5 V' } })),
    ).toEqual({});
  });
});

describe('planEntities and planRelationships', () => {
  it('creates only the unmatched, skips pending matches, and skips an update already waiting', () => {
    const existing = [
      known('a', 'PSU', { properties: { voltage: '5 V' } }),
      known('p', 'Antenna', { isPending: true }),
      known('u', 'PSU', { isPending: true, properties: { voltage: '3.3 V', [KEYS.updatesEntityId]: 'a' } }),
    ];
    const plan = planEntities(
      {
        entities: [
          extracted('PSU', { properties: { voltage: '3.3 V' } }),
          extracted('Antenna'),
          extracted('Radio'),
        ],
        relationships: [],
      },
      existing,
      ids,
    );
    expect(plan.creates.map((c) => c.entity.name)).toEqual(['Radio']);
    expect(plan.updates).toEqual([]);
    expect(plan.idOf.get('psu')).toBe('a');
    expect(plan.idOf.get('antenna')).toBe('p');
  });

  it('proposes CONTAINS from parentKey and drops relationships already stated or with an unknown end', () => {
    const idOf = new Map([
      ['radio', 'r'],
      ['psu', 'p'],
      ['antenna', 'a'],
    ]);
    const planned = planRelationships(
      {
        entities: [extracted('PSU', { parentKey: 'radio' }), extracted('Antenna', { parentKey: 'radio' })],
        relationships: [
          {
            sourceKey: 'psu',
            targetKey: 'antenna',
            relationshipType: 'PROVIDES',
            properties: {},
            provenance: [],
          },
          {
            sourceKey: 'psu',
            targetKey: 'antenna',
            relationshipType: 'PROVIDES',
            properties: {},
            provenance: [],
          },
          {
            sourceKey: 'psu',
            targetKey: 'ghost',
            relationshipType: 'CONNECTS',
            properties: {},
            provenance: [],
          },
        ],
      },
      idOf,
      [{ sourceEntityId: 'r', targetEntityId: 'p', relationshipType: 'CONTAINS' }],
      ids,
    );
    expect(planned.map((r) => `${r.relationshipType} ${r.sourceEntityId}->${r.targetEntityId}`)).toEqual([
      'CONTAINS r->a',
      'PROVIDES p->a',
    ]);
  });
});

describe('markSourceDeleted', () => {
  const doc = '0190d2c4-0000-7000-8000-000000000001';
  const other = '0190d2c4-0000-7000-8000-000000000002';
  const at = '2026-11-23T04:00:00.000Z';
  const sources = JSON.stringify([
    { document_id: doc, document_name: 'bom.csv', location: { row: 3 }, extractor: 'bom_table' },
    { document_id: other, document_name: 'icd.md', location: {}, extractor: 'prose' },
  ]);

  it('marks only the entries citing the document, keeping the rest as they were', () => {
    expect(JSON.parse(markSourceDeleted(sources, doc, at)!)).toEqual([
      {
        document_id: doc,
        document_name: 'bom.csv',
        location: { row: 3 },
        extractor: 'bom_table',
        source_deleted: true,
        source_deleted_at: at,
      },
      { document_id: other, document_name: 'icd.md', location: {}, extractor: 'prose' },
    ]);
  });

  it('changes nothing when no entry cites it, when already marked, or when the text is not a JSON array', () => {
    expect(markSourceDeleted(sources, '0190d2c4-0000-7000-8000-000000000003', at)).toBeUndefined();
    const marked = markSourceDeleted(sources, doc, at)!;
    expect(markSourceDeleted(marked, doc, '2027-01-01T00:00:00.000Z')).toBeUndefined();
    expect(markSourceDeleted(`edited by hand ${doc}`, doc, at)).toBeUndefined();
    expect(markSourceDeleted(JSON.stringify({ document_id: doc }), doc, at)).toBeUndefined();
  });
});
