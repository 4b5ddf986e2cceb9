// A block-model export that opens with its own record ("Model": {"Name": …, "Exporter": …,
// "ExportDate": …}) names the model there, not a part: the record is no entity.
import { describe, expect, it } from 'vitest';
import { doc, model } from './test-helpers.js';

const exportDoc = {
  Model: { Name: 'Harbour Pump', Exporter: 'Modelling Tool 16.1', ExportDate: '2026-03-02' },
  Elements: [
    { ElementID: 1, Name: 'Harbour Pump Station', Type: 'Class', Stereotype: 'block' },
    { ElementID: 2, Name: 'Pump Controller', Type: 'Part', Stereotype: 'part' },
  ],
  Connectors: [{ ConnectorID: 10, Type: 'Aggregation', SourceID: 1, TargetID: 2 }],
};

describe("an export's own record", () => {
  it('is not read as a part', () => {
    const m = model({ name: 'model.json', doc: doc({ kind: 'json', json: exportDoc }) });
    const keys = m.entities.map((e) => e.key);
    expect(keys).toContain('pump controller');
    expect(keys).not.toContain('harbour pump');
  });
});
