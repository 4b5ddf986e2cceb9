// Part usages typed by a block id ({"name": "motor", "block": "blk-15"}) are the block in that place:
// no entity of their own, a role name two wheels share merges nothing, and a dotted part path from the
// context ("drive.rightWheel.motor") reaches the block through the role names.
import { describe, expect, it } from 'vitest';
import { doc, model, rels } from './test-helpers.js';

const exportDoc = {
  name: 'model.json',
  doc: doc({
    kind: 'json',
    json: {
      exportFormat: 'archmodel-json',
      blocks: [
        {
          id: 'blk-01',
          name: 'Cart Context',
          stereotype: 'Context',
          parts: [
            { name: 'drive', block: 'blk-02' },
            { name: 'plc', block: 'blk-30' },
          ],
        },
        {
          id: 'blk-02',
          name: 'Drive Module',
          stereotype: 'System',
          parts: [
            { name: 'leftWheel', block: 'blk-10' },
            { name: 'rightWheel', block: 'blk-11' },
          ],
        },
        {
          id: 'blk-10',
          name: 'Left Wheel Drive',
          stereotype: 'Subsystem',
          parts: [{ name: 'motor', block: 'blk-15' }],
        },
        {
          id: 'blk-11',
          name: 'Right Wheel Drive',
          stereotype: 'Subsystem',
          parts: [{ name: 'motor', block: 'blk-18' }],
        },
        { id: 'blk-15', name: 'Left Drive Motor', stereotype: 'Part' },
        { id: 'blk-18', name: 'Right Drive Motor', stereotype: 'Part' },
        { id: 'blk-30', name: 'Vehicle PLC', stereotype: 'External' },
      ],
      connectors: [
        {
          id: 'con-01',
          name: 'Right Motor Power',
          ends: [{ partPath: 'drive.rightWheel.motor', port: 'power' }, { partPath: 'plc' }],
        },
      ],
    },
  }),
};

describe('part usages typed by a block id', () => {
  const m = model(exportDoc);
  it('proposes the blocks, not their role names', () => {
    expect(m.entities.map((e) => e.name).sort()).toEqual([
      'Drive Module',
      'Left Drive Motor',
      'Left Wheel Drive',
      'Right Drive Motor',
      'Right Motor Power',
      'Right Wheel Drive',
      'Vehicle PLC',
    ]);
  });
  it('keeps two parts that play the same role in different owners apart', () => {
    expect(m.entities.find((e) => e.name === 'Left Drive Motor')?.aliases ?? []).not.toContain('motor');
  });
  it('contains each block where its usage is declared and follows part paths by role name', () => {
    const r = rels(m);
    expect(r).toContain('drive module CONTAINS left wheel drive');
    expect(r).toContain('right wheel drive CONTAINS right drive motor');
    expect(r).toContain('right drive motor CONNECTS right motor power');
    expect(r).not.toContain('left drive motor CONNECTS right motor power');
  });
});
