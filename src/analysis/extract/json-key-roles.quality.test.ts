// The model exports of the fixture products, read again with their id, name and kind keys renamed to
// words no reader knows ("elementId", "displayName", "objectKind"): a tool we have not met names its
// keys its own way, and the model must not change with them. Exports recognised by a tool's own
// fixed keys (XMI, graph records, EA tables, AADL) are read by those keys and are left out.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDocument } from '../documents/read.js';
import { extractModel } from './extract.js';
import { releasedProducts } from './fixture-products.js';
import { isAadlModel } from './json-aadl.js';
import { isXmiExport } from './json-cameo.js';
import { isEaTableExport } from './json-ea.js';
import { isGraphRecords } from './json-records.js';

const exports = releasedProducts()
  .flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.json') && f !== 'truth.json')
      .map((f) => ({
        product: basename(dir),
        file: f,
        json: JSON.parse(readFileSync(join(dir, f), 'utf8')) as unknown,
      })),
  )
  .filter(
    ({ json }) => !isGraphRecords(json) && !isEaTableExport(json) && !isXmiExport(json) && !isAadlModel(json),
  );

const RENAMES: [string, RegExp][] = [
  ['elementId', /^(id|@id|xmiId|guid|uuid)$/i],
  ['displayName', /^(name|declaredName|title|label)$/i],
  // "type" is left: as often as a kind it is a reference to the element's type.
  ['objectKind', /^(kind|@type|stereotype|class|eClass|category|xmiType)$/i],
];
const renamed = (v: unknown, to: string, re: RegExp): unknown =>
  Array.isArray(v)
    ? v.map((x) => renamed(x, to, re))
    : v && typeof v === 'object'
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [re.test(k) ? to : k, renamed(x, to, re)]))
      : v;

async function modelOf(json: unknown, file: string) {
  const doc = await readDocument(Buffer.from(JSON.stringify(json)), file);
  const m = extractModel([{ name: file, doc }]);
  return {
    entities: m.entities.map((e) => `${e.name} ${e.entityType}`).sort(),
    relationships: new Set(m.relationships.map((r) => `${r.sourceKey} ${r.relationshipType} ${r.targetKey}`)),
  };
}

describe('a model export read with its keys renamed', () => {
  it.each(exports.map((e) => [e.product, e]))('%s: the same model', async (_product, { file, json }) => {
    const before = await modelOf(json, file);
    for (const [to, re] of RENAMES) {
      const after = await modelOf(renamed(json, to, re), file);
      expect({ renamed: to, entities: after.entities }).toEqual({ renamed: to, entities: before.entities });
      // Relationships may differ at the margin (a name met again as a reference); most must hold.
      const kept = [...before.relationships].filter((r) => after.relationships.has(r)).length;
      const union = new Set([...before.relationships, ...after.relationships]).size;
      expect(kept / Math.max(1, union), `${to}: relationships kept`).toBeGreaterThanOrEqual(0.85);
    }
  });
});
