// A list after "over the X" ends where a new clause starts: a name followed by a verb or by an
// auxiliary ("…, and the Depth Sensor is read over…") is that clause's subject, not another object.
import { describe, expect, it } from 'vitest';
import { doc, model, proseDoc, rels, tableDoc } from './test-helpers.js';

const bom = tableDoc('bom.csv', [
  ['Ref Des', 'Description', 'Qty'],
  ['U1', 'Sonar FPGA', '1'],
  ['U2', 'Attitude Sensor', '1'],
  ['U3', 'Depth Sensor', '1'],
]);

describe('clauses after a via list', () => {
  it('does not take a name before "is" for another interface', () => {
    const m = model(
      bom,
      proseDoc(
        'd.md',
        'The Attitude Sensor talks to the Sonar FPGA over the Attitude UART, and the Depth Sensor is read over the Depth I2C.',
      ),
    );
    expect(rels(m)).toEqual(['attitude sensor CONNECTS attitude uart', 'attitude uart CONNECTS sonar fpga']);
  });

  it('still reads a list of interfaces joined by "and"', () => {
    const m = model(
      bom,
      proseDoc(
        'd.md',
        'The Attitude Sensor talks to the Sonar FPGA over the Attitude UART and the Sync Line.',
      ),
    );
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'attitude sensor CONNECTS sync line',
        'attitude sensor CONNECTS attitude uart',
      ]),
    );
  });
});

describe('a preposition repeated after "and"', () => {
  it('keeps the list going when it is the list\'s own ("depends on the X and on the Y")', () => {
    const m = model(
      bom,
      proseDoc('d.md', 'The Sonar FPGA depends on the Attitude Sensor and on the Depth Sensor.'),
    );
    expect(rels(m)).toEqual(['sonar fpga DEPENDS_ON attitude sensor', 'sonar fpga DEPENDS_ON depth sensor']);
  });

  it('starts a new phrase when it is another ("over the Link and to the Y")', () => {
    const m = model(
      bom,
      proseDoc(
        'd.md',
        'The Sonar FPGA talks to the Attitude Sensor over the Attitude UART and to the Depth Sensor over the Depth I2C.',
      ),
    );
    expect(rels(m)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/depth sensor CONNECTS sonar fpga/)]),
    );
  });
});

describe('JSON documents', () => {
  it('are not read as prose: a metadata string defines no part', () => {
    const json = {
      schema: 'Systems Engineering (SE) schema',
      blocks: [{ name: 'Sonar FPGA', kind: 'block' }],
    };
    const m = model({
      name: 'model.json',
      doc: doc({
        kind: 'json',
        json,
        blocks: [{ kind: 'paragraph', text: '"schema": "Systems Engineering (SE) schema"', location: {} }],
      }),
    });
    expect(m.entities.map((e) => e.name)).toEqual(['Sonar FPGA']);
  });
});
