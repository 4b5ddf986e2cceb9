// An aside between commas after a name ("LOOP_EN, an output of the CPU, energises the Relay") leaves
// the name the verb's subject and says which part provides it; a sentence that opens with a known
// name is what a following "It" refers to, whatever its own verb.
import { describe, expect, it } from 'vitest';
import { doc, model, proseDoc, rels, tableDoc } from './test-helpers.js';

const bom = tableDoc('bom.csv', [
  ['Ref Des', 'Description', 'Qty'],
  ['U1', 'Door Controller CPU', '1'],
  ['U2', 'Gate Driver', '1'],
  ['K1', 'Loop Relay', '1'],
]);

// The line is named by the schematic, with no direction: a GPIO pin and a relay coil.
const board = {
  name: 'board.net',
  doc: doc({
    kind: 'kicad_netlist',
    netlist: {
      components: [
        { ref: 'U1', value: 'Door Controller CPU' },
        { ref: 'K1', value: 'Loop Relay' },
      ],
      nets: [
        {
          code: '1',
          name: 'LOOP_EN',
          nodes: [
            { ref: 'U1', pin: '5', pinType: 'bidirectional' },
            { ref: 'K1', pin: '1', pinType: 'passive' },
          ],
        },
      ],
    },
  }),
};

describe('asides after a subject', () => {
  it('reads "X, an output of Y, energises Z" as Y providing X and Z consuming it', () => {
    const m = model(
      bom,
      board,
      proseDoc('d.md', 'LOOP_EN, an output of the Door Controller CPU, energises the Loop Relay.'),
    );
    expect(rels(m)).toEqual(
      expect.arrayContaining(['door controller cpu PROVIDES loop en', 'loop relay CONSUMES loop en']),
    );
  });

  it('relates nothing from an aside that is not an output or input', () => {
    const m = model(
      bom,
      board,
      proseDoc('d.md', 'LOOP_EN, a spare line of the Door Controller CPU, is unused.'),
    );
    expect(rels(m)).toEqual(['door controller cpu CONNECTS loop en', 'loop en CONNECTS loop relay']);
  });
});

describe('what "It" refers to', () => {
  it('is the known name a sentence opens with, even when its verb relates nothing', () => {
    const m = model(
      bom,
      proseDoc('d.md', '3.1 The Door Controller CPU runs the state machine. It commands the Gate Driver.'),
    );
    expect(rels(m)).toEqual(['door controller cpu INFLUENCES gate driver']);
  });

  it('is not a name that opens a sentence without a verb after it', () => {
    const m = model(bom, proseDoc('d.md', 'Door Controller CPU. It commands the Gate Driver.'));
    expect(rels(m)).toEqual([]);
  });

  it('is the name a sentence opens with when a bracketed aside stands between it and its verb', () => {
    const m = model(
      bom,
      proseDoc(
        'd.md',
        'The Door Controller CPU (U1, an i.MX part) is the master. It commands the Gate Driver.',
      ),
    );
    expect(rels(m)).toEqual(['door controller cpu INFLUENCES gate driver']);
  });

  it('is not a name whose aside is followed by no verb', () => {
    const m = model(bom, proseDoc('d.md', 'Door Controller CPU (U1). It commands the Gate Driver.'));
    expect(rels(m)).toEqual([]);
  });
});
