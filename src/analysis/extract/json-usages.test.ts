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

// The same export in the shape that puts the block a part is typed by under "type" ({"name": "mcu",
// "type": "B-101"}), beside an ICD-style interface named after the bus the role is named after.
const typedByTypeKey = {
  name: 'arch.json',
  doc: doc({
    kind: 'json',
    json: {
      model: { name: 'Pump Controller Model' },
      blocks: [
        {
          id: 'B-001',
          name: 'Pump Controller',
          stereotype: 'System',
          parts: [
            { id: 'P-1', name: 'board', type: 'B-100' },
            { id: 'P-2', name: 'vfd', type: 'B-200' },
          ],
        },
        {
          id: 'B-100',
          name: 'Controller Board',
          stereotype: 'Subsystem',
          parts: [
            { id: 'P-3', name: 'mcu', type: 'B-101' },
            { id: 'P-4', name: 'rs485', type: 'B-102' },
          ],
        },
        { id: 'B-101', name: 'Main MCU', stereotype: 'Part' },
        { id: 'B-102', name: 'Line Transceiver', stereotype: 'Part' },
        { id: 'B-200', name: 'Variable Frequency Drive', stereotype: 'Part' },
      ],
      connectors: [
        {
          id: 'C-01',
          name: 'RS485',
          interfaceId: 'IF-01',
          ends: [{ part: 'board.rs485' }, { part: 'vfd' }],
        },
      ],
    },
  }),
};

describe('part usages typed by a block id under "type"', () => {
  const m = model(typedByTypeKey);
  it('proposes the blocks, not their role names', () => {
    const names = m.entities.map((e) => e.name);
    for (const role of ['board', 'vfd', 'mcu', 'rs485']) expect(names).not.toContain(role);
    expect(names).toEqual(expect.arrayContaining(['Controller Board', 'Main MCU', 'Line Transceiver']));
  });
  it('contains each block where its usage is declared and follows part paths by role name', () => {
    const r = rels(m);
    expect(r).toContain('pump controller CONTAINS controller board');
    expect(r).toContain('controller board CONTAINS main mcu');
    expect(r).toContain('line transceiver CONNECTS variable frequency drive');
  });
  it('gives no block its role name as an alias, so a bus named like the role stays apart', () => {
    expect(m.entities.find((e) => e.name === 'Line Transceiver')?.aliases ?? []).not.toContain('rs485');
  });
});

// SysML v2 API-like: usages are owned by definitions ("owningType": "def-Cabinet"), so a flow's path
// "cv40.cabinet.plc" steps from a usage to the usages its definition owns. Unresolved, both ends fell
// back to "cv40", and the system provided and consumed every item.
describe('a flow path through usages owned by definitions', () => {
  const m = model({
    name: 'model.json',
    doc: doc({
      kind: 'json',
      json: {
        elements: [
          { '@id': 'def-Context', '@type': 'PartDefinition', name: 'Line Context' },
          { '@id': 'def-CV40', '@type': 'PartDefinition', name: 'Conveyor Cabinet' },
          { '@id': 'def-Cab', '@type': 'PartDefinition', name: 'Cabinet Assembly' },
          {
            '@id': 'pu-cv40',
            '@type': 'PartUsage',
            name: 'cv40',
            owningType: 'def-Context',
            definition: 'def-CV40',
          },
          {
            '@id': 'pu-cab',
            '@type': 'PartUsage',
            name: 'cabinet',
            owningType: 'def-CV40',
            definition: 'def-Cab',
          },
          { '@id': 'pu-plc', '@type': 'PartUsage', name: 'PLC CPU', owningType: 'def-Cab' },
          { '@id': 'pu-vfd', '@type': 'PartUsage', name: 'Infeed VFD', owningType: 'def-Cab' },
          { '@id': 'item-Cmd', '@type': 'ItemDefinition', name: 'Drive Command' },
          {
            '@id': 'flow-1',
            '@type': 'FlowConnectionUsage',
            owningType: 'def-Context',
            itemType: 'item-Cmd',
            sourceOutputFeature: 'cv40.cabinet.PLC CPU',
            targetInputFeature: 'cv40.cabinet.Infeed VFD',
          },
        ],
      },
    }),
  });
  it('reaches the parts at the end of the path', () => {
    const r = rels(m);
    expect(r).toEqual(
      expect.arrayContaining(['plc cpu PROVIDES drive command', 'infeed vfd CONSUMES drive command']),
    );
    expect(r.filter((x) => x.includes('drive command') && !/plc cpu|infeed vfd/.test(x))).toEqual([]);
  });
});
