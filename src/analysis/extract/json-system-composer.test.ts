// A System Composer-like export: the root architecture named as a context holds the system and the
// parties around it and is no thing itself; a stereotype's part number is an alias of its component.
import { describe, expect, it } from 'vitest';
import { doc, model, rels, typeOf } from './test-helpers.js';

const jsonDoc = (json: unknown) => ({ name: 'model.json', doc: doc({ kind: 'json', json }) });
const architecture = (rootName: string) => ({
  Architecture: {
    Name: rootName,
    Components: [
      { Name: 'Room Thermostat', Stereotype: 'Profile.External', Ports: [] },
      {
        Name: 'Heat Pump',
        Stereotype: 'Profile.HW_System',
        StereotypeProperties: { PartNumber: 'HP-9000' },
        Architecture: {
          Components: [
            {
              Name: 'Controller',
              Stereotype: 'Profile.HW_Part',
              StereotypeProperties: { PartNumber: 'HP-9400' },
            },
          ],
        },
      },
    ],
  },
});

describe('a System Composer-like architecture', () => {
  it('drops a root named as a context, so the system under it is the system', () => {
    const m = model(jsonDoc(architecture('Pump_Context')));
    expect(typeOf(m, 'pump context')).toBeUndefined();
    expect(typeOf(m, 'heat pump')).toBe('SYSTEM');
    expect(rels(m)).toEqual(['heat pump CONTAINS controller']);
    expect(m.entities.find((e) => e.key === 'controller')?.aliases).toContain('HP-9400');
  });

  it('keeps a root that is not named as a context', () => {
    const m = model(jsonDoc(architecture('Pump Plant')));
    expect(rels(m)).toContain('pump plant CONTAINS heat pump');
  });
});
