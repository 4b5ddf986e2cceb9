// A Cameo plug-in's JSON writes XMI's keys in camel case ("xmiId", "xmiType", "appliedStereotype"),
// groups elements in numbered packages, and types part properties by block id under "type". Unread,
// every package, role name, port and item became a component (quorra: 155 entities for 58).
import { describe, expect, it } from 'vitest';
import { doc, model, rels, typeOf } from './test-helpers.js';

const cameo = {
  name: 'model.json',
  doc: doc({
    kind: 'json',
    json: {
      exporter: { tool: 'Cameo Systems Modeler' },
      packages: [
        {
          name: '01 Structure',
          ownedElements: [
            {
              xmiId: '_blk_eps',
              xmiType: 'uml:Class',
              appliedStereotype: ['SysML::Blocks::Block'],
              name: 'Steering System',
              ownedAttribute: [
                {
                  xmiId: '_p1',
                  xmiType: 'uml:Property',
                  name: 'ecu',
                  type: '_blk_ecu',
                  aggregation: 'composite',
                },
              ],
            },
            {
              xmiId: '_blk_ecu',
              xmiType: 'uml:Class',
              appliedStereotype: ['SysML::Blocks::Block'],
              name: 'Steering ECU',
              ownedAttribute: [
                {
                  xmiId: '_p2',
                  xmiType: 'uml:Property',
                  name: 'mcu',
                  type: '_blk_mcu',
                  aggregation: 'composite',
                },
                { xmiId: '_port1', xmiType: 'uml:Port', name: 'pCan', type: '_ib_can', direction: 'inout' },
              ],
            },
            {
              xmiId: '_blk_mcu',
              xmiType: 'uml:Class',
              appliedStereotype: ['SysML::Blocks::Block'],
              name: 'Safety MCU',
            },
          ],
        },
        {
          name: '03 Items',
          ownedElements: [
            { xmiId: '_item_spd', xmiType: 'uml:Signal', appliedStereotype: [], name: 'Vehicle Speed' },
          ],
        },
        {
          name: '04 Connections',
          ownedElements: [
            {
              xmiId: '_flow_1',
              xmiType: 'uml:InformationFlow',
              conveyed: ['_item_spd'],
              informationSource: 'ecu',
              informationTarget: 'ecu.mcu',
            },
          ],
        },
      ],
    },
  }),
};

describe('a Cameo plug-in export with camel-case XMI keys', () => {
  const m = model(cameo);
  const names = m.entities.map((e) => e.name);
  it('proposes the blocks and items, not packages, role names or ports', () => {
    expect(names.sort()).toEqual(['Safety MCU', 'Steering ECU', 'Steering System', 'Vehicle Speed']);
  });
  it('reads the part properties as containment and the signal as a signal', () => {
    expect(rels(m)).toEqual(
      expect.arrayContaining(['steering system CONTAINS steering ecu', 'steering ecu CONTAINS safety mcu']),
    );
    expect(typeOf(m, 'vehicle speed')).toBe('SIGNAL');
  });
});
