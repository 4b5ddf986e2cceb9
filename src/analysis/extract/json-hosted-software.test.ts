// Software deployed on a part is not a part: its ports, and the items exchanged through them, are
// the part's it runs on.
import { describe, expect, it } from 'vitest';
import { deploymentHosts } from './json-hosted-software.js';
import { doc, model, rels, typeOf } from './test-helpers.js';

const jsonDoc = (json: unknown) => ({ name: 'pa.json', doc: doc({ kind: 'json', json }) });

const port = (id: string, orientation: string) => ({ id, name: id, kind: 'FLOW', orientation });
const hardware = (id: string, name: string, ports: unknown[] = [], children: unknown[] = []) => ({
  id,
  name,
  nature: 'NODE',
  kind: 'HARDWARE',
  ownedComponentPorts: ports,
  ownedPhysicalComponents: children,
});
const software = (id: string, name: string, ports: unknown[]) => ({
  id,
  name,
  nature: 'BEHAVIOR',
  ownedComponentPorts: ports,
  ownedPhysicalComponents: [],
});

const architecture = (nestFirmware: boolean) => ({
  physicalArchitecture: {
    name: 'Physical Architecture',
    rootComponent: hardware(
      'sys',
      'Kiln System',
      [],
      [
        hardware(
          'ctl',
          'Burner Controller',
          [],
          [
            hardware(
              'mcu',
              'Controller MCU',
              [],
              nestFirmware ? [software('fw', 'Kiln Firmware', [port('fw-out', 'OUT')])] : [],
            ),
          ],
        ),
        hardware('pan', 'Operator Panel', [port('pan-in', 'IN')]),
        ...(nestFirmware ? [] : [software('fw', 'Kiln Firmware', [port('fw-out', 'OUT')])]),
      ],
    ),
    ownedComponentExchanges: [
      {
        id: 'ce1',
        name: 'C 1',
        kind: 'FLOW',
        source: 'fw-out',
        target: 'pan-in',
        convoyedInformations: ['ei'],
      },
    ],
    ownedDeploymentLinks: [{ id: 'dl', deployedElement: 'fw', location: 'mcu' }],
    dataPackage: {
      name: 'Data',
      ownedExchangeItems: [{ id: 'ei', name: 'Flame Status', exchangeMechanism: 'EVENT' }],
    },
  },
});

describe('software deployed on a part', () => {
  it('reads the deployment links', () => {
    expect(deploymentHosts(architecture(true))).toEqual(new Map([['fw', 'mcu']]));
  });

  it.each([
    ['nested in the part it runs on', true],
    ['beside the parts, deployed by a link', false],
  ])('is no entity, and what it sends its host sends (%s)', (_, nested) => {
    const m = model(jsonDoc(architecture(nested)));
    expect(typeOf(m, 'kiln firmware')).toBeUndefined();
    expect(typeOf(m, 'controller mcu')).toBe('COMPONENT');
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'controller mcu PROVIDES flame status',
        'operator panel CONSUMES flame status',
      ]),
    );
  });

  it('a behaviour component nothing deploys stays a part', () => {
    const json = architecture(true);
    json.physicalArchitecture.ownedDeploymentLinks = [];
    expect(typeOf(model(jsonDoc(json)), 'kiln firmware')).toBe('COMPONENT');
  });
});
