// Direction columns seen from one unit, named once in the text above the tables: that unit provides
// what goes OUT and consumes what comes IN, in a pin-out and in a signal table with a peer column.
import { describe, expect, it } from 'vitest';
import { withPeerEnds } from './icd-peer.js';
import { directionViewpoint } from './icd-viewpoint.js';
import { doc, model, rels } from './test-helpers.js';

const para = (text: string) => ({ kind: 'paragraph' as const, text, location: {} });
const withText = (text: string, rows: string[][]) => ({
  name: 'icd.md',
  doc: doc({ blocks: [para(text)], tables: [{ rows, location: { table: 0 } }] }),
});

describe('the unit directions are seen from', () => {
  it('is read from the sentence that says so, and only when one unit is named', () => {
    expect(
      directionViewpoint([para('Directions in the I/O column are seen from the Pump Controller (PC-2).')]),
    ).toBe('Pump Controller');
    expect(directionViewpoint([para('Pin directions are seen from the MCB.')])).toBe('MCB');
    expect(directionViewpoint([para('The Dir column is seen from the Host CPU: IN is read by U1.')])).toBe(
      'Host CPU',
    );
    expect(directionViewpoint([para('The pump is seen from the street.')])).toBeUndefined();
    expect(
      directionViewpoint([
        para('Dir is seen from the Host CPU.'),
        para('Dir is seen from the Pump Controller.'),
      ]),
    ).toBeUndefined();
  });

  it('makes the unit provide OUT pins and consume IN pins of a pin-out', () => {
    const m = model(
      withText('Directions in the I/O column are seen from the Pump Controller.', [
        ['Pin', 'Net', 'I/O', 'Remote end'],
        ['1', 'SPEED_SET', 'O', 'Drive D1 input +'],
        ['2', 'TACHO', 'I', 'Drive D1 tacho'],
        ['3', '+24V', 'P', 'Drive D1 supply'],
      ]),
    );
    expect(rels(m).filter((r) => /pump controller/.test(r))).toEqual([
      'pump controller CONSUMES tacho',
      'pump controller PROVIDES speed set',
    ]);
    expect(rels(m)).toContain('drive CONSUMES speed set');
  });

  it('gives a pin-out no sending unit when the text names none', () => {
    const m = model(
      withText('Pin-out of J2.', [
        ['Pin', 'Net', 'I/O', 'Remote end'],
        ['1', 'SPEED_SET', 'O', 'Drive D1 input +'],
      ]),
    );
    expect(rels(m)).toEqual(['drive CONSUMES speed set']);
  });
});

describe('signal tables with a peer column', () => {
  const rows = [
    ['Ref', 'Signal', 'Dir', 'Peer unit', 'Net / message'],
    ['S-01', 'Tacho Feedback', 'IN', 'Drive (D1)', 'TACHO'],
    ['S-02', 'Speed Demand', 'OUT', 'Drive (D1), via Buffer (U7)', 'SPEED_CMD / SPEED_BUF'],
  ];

  it('reads the peer as the far end by the direction, the unit in the text as the near end', () => {
    const m = model(withText('The Dir column is seen from the Host CPU.', rows));
    expect(rels(m)).toEqual([
      'drive CONSUMES speed demand',
      'drive PROVIDES tacho feedback',
      'host cpu CONSUMES tacho feedback',
      'host cpu PROVIDES speed demand',
    ]);
    expect(m.entities.find((e) => e.key === 'speed demand')?.aliases).toEqual(
      expect.arrayContaining(['SPEED_CMD', 'SPEED_BUF']),
    );
  });

  it('leaves tables without a direction of IN and OUT alone', () => {
    expect(
      withPeerEnds([
        ['Signal', 'Dir', 'Peer unit'],
        ['Tacho', 'both', 'Drive'],
      ]),
    ).toBeUndefined();
    expect(
      withPeerEnds([
        ['Signal', 'Pin', 'Dir', 'Peer unit'],
        ['Tacho', '3', 'IN', 'Drive'],
      ]),
    ).toBeUndefined();
  });
});
