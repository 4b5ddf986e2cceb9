// A SysML 1.x model exported as XMI-in-JSON: a "Dryer Site" class holds the product and the fan
// outside it, as a context block does; named uml:Usage dependencies say who relies on whom. The site
// is no part of the product, and a Usage is a dependency, not a part named after its label.
import { describe, expect, it } from 'vitest';
import { doc, model, rels, typeOf } from './test-helpers.js';

const jsonDoc = (json: unknown) => ({ name: 'model-xmi.json', doc: doc({ kind: 'json', json }) });

const cls = (id: string, name: string, parts: [string, string, string][] = []) => ({
  'xmi:type': 'uml:Class',
  'xmi:id': id,
  name,
  ownedAttribute: parts.map(([pid, pname, type]) => ({
    'xmi:type': 'uml:Property',
    'xmi:id': pid,
    name: pname,
    aggregation: 'composite',
    type,
  })),
});

const xmi = (siteName: string) => ({
  'xmi:XMI': {
    'xmi:version': '2.5.1',
    'uml:Model': {
      'xmi:type': 'uml:Model',
      'xmi:id': 'm',
      name: 'GD-40',
      packagedElement: [
        {
          'xmi:type': 'uml:Package',
          'xmi:id': 'pk',
          name: '02 Structure',
          packagedElement: [
            cls('site', siteName, [
              ['p-sys', 'gd40', 'sys'],
              ['p-fan', 'fan', 'fan'],
            ]),
            cls('sys', 'Grain Dryer Control System', [
              ['p-ctl', 'controller', 'ctl'],
              ['p-brn', 'burner', 'brn'],
            ]),
            cls('ctl', 'Controller Board'),
            cls('brn', 'Burner Assembly'),
            cls('fan', 'Burner Fan Motor'),
            {
              'xmi:type': 'uml:Usage',
              'xmi:id': 'u1',
              name: 'Burner Assembly flame safeguard',
              client: 'brn',
              supplier: 'ctl',
            },
          ],
        },
      ],
    },
  },
});

describe('an XMI model with a site class and a named Usage', () => {
  const m = model(jsonDoc(xmi('Dryer Site')));
  it('makes no entity of the site, and the system is contained by nothing', () => {
    expect(typeOf(m, 'dryer site')).toBeUndefined();
    expect(typeOf(m, 'grain dryer control system')).toBeDefined();
    expect(rels(m).filter((r) => r.startsWith('dryer site'))).toEqual([]);
  });
  it('reads the named Usage as a dependency, not as a part', () => {
    expect(typeOf(m, 'burner assembly flame safeguard')).toBeUndefined();
    expect(rels(m)).toContain('burner assembly DEPENDS_ON controller board');
  });
  it('keeps a root block named otherwise as a thing of the model', () => {
    expect(typeOf(model(jsonDoc(xmi('Dryer Plant Controller'))), 'dryer plant controller')).toBeDefined();
  });
});
