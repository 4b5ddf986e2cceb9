// The rules that make a component's embedded texts (one per part) and decide what the indexing job rewrites.
import { describe, expect, it } from 'vitest';
import {
  componentChanges,
  type ComponentText,
  componentTexts,
  findingParts,
  MAX_EMBEDDED_CHARS,
  MAX_FINDING_PARTS,
  partTexts,
  textHash,
} from './search-texts.js';

describe('partTexts', () => {
  it('embeds each part alone, named, with its whitespace collapsed', () => {
    expect(partTexts('step', ['  Soak at\t-40 C ', null, 'Heater\n\ncurrent crept up'])).toEqual([
      { part: 'title', text: 'Soak at -40 C' },
      { part: 'exception', text: 'Heater current crept up' },
    ]);
  });

  it('joins a part of fewer than MIN_PART_WORDS words to the part after it, or before it when last', () => {
    expect(partTexts('card', ['Shock', 'Half-sine 50 g, 11 ms, 3 axes'])).toEqual([
      { part: 'description', text: 'Shock\nHalf-sine 50 g, 11 ms, 3 axes' },
    ]);
    expect(partTexts('step', ['Measure rail current', 'Check the EPS ripple', 'Failed'])).toEqual([
      { part: 'title', text: 'Measure rail current' },
      { part: 'description', text: 'Check the EPS ripple\nFailed' },
    ]);
    // Two short parts become one text; a short part alone is all the component says.
    expect(partTexts('step', ['Power on', 'Nominal'])).toEqual([
      { part: 'description', text: 'Power on\nNominal' },
    ]);
    expect(partTexts('data', ['tvac.csv'])).toEqual([{ part: 'file_name', text: 'tvac.csv' }]);
  });

  it('cuts a long part at MAX_EMBEDDED_CHARS', () => {
    const [only] = partTexts('observation', [`word ${'x'.repeat(MAX_EMBEDDED_CHARS)} more`]);
    expect(only!.text).toHaveLength(MAX_EMBEDDED_CHARS);
  });
});

describe('findingParts', () => {
  const stuck = (channel: string) => ({
    kind: 'stuck',
    channels: [channel],
    description: `${channel} stuck at 3`,
  });

  it("adds a report's findings in words, each its own part after title, summary and content", () => {
    const parts = findingParts([stuck('tc_3_degC'), { kind: 'dropout', channels: ['p_kPa'] }]);
    expect(parts).toEqual([
      'tc 3 temperature sensor stuck: its reading frozen, flat, not changing',
      'dropout: p pressure data missing, a gap in the samples',
    ]);
    expect(
      partTexts('report', ['Analysis of TR-0003', 'Two findings in one file analysed', null, ...parts]),
    ).toEqual([
      { part: 'title', text: 'Analysis of TR-0003' },
      { part: 'summary', text: 'Two findings in one file analysed' },
      { part: 'finding_1', text: parts[0] },
      { part: 'finding_2', text: parts[1] },
    ]);
  });

  it(`keeps the first ${MAX_FINDING_PARTS} findings, and skips what is not a finding`, () => {
    const many = Array.from({ length: MAX_FINDING_PARTS + 1 }, (_, i) => stuck(`t${i}_degC`));
    expect(findingParts(many)).toHaveLength(MAX_FINDING_PARTS);
    expect(findingParts(many.slice(0, MAX_FINDING_PARTS))).toHaveLength(MAX_FINDING_PARTS);
    expect(findingParts([null, 'stuck', { kind: 'note' }, stuck('a_V')])).toEqual([
      'a voltage sensor stuck: its reading frozen, flat, not changing',
    ]);
    expect(findingParts({ kind: 'stuck' })).toEqual([]);
  });
});

describe('componentTexts', () => {
  it('leaves out components with no text and keys each part by the hash of its text', () => {
    const texts = componentTexts([
      { componentType: 'step', componentId: 's1', parts: ['Measure rail current', null, null] },
      { componentType: 'observation', componentId: 'o1', parts: ['   '] },
    ]);
    expect(texts).toEqual([
      {
        componentType: 'step',
        componentId: 's1',
        part: 'title',
        text: 'Measure rail current',
        textHash: textHash('Measure rail current'),
      },
    ]);
    expect(textHash('Power on')).toMatch(/^[0-9a-f]{32}$/);
    expect(textHash('Power on')).not.toBe(textHash('Power off'));
  });
});

describe('componentChanges', () => {
  const step = (id: string, part: string, text: string) => ({
    componentType: 'step' as const,
    componentId: id,
    part,
    text,
    textHash: textHash(text),
  });
  const indexed = (c: ComponentText) => ({
    componentType: c.componentType,
    componentId: c.componentId,
    part: c.part,
    textHash: c.textHash,
  });

  it('rewrites new and changed parts, removes gone ones, and releases hashes this run no longer says', () => {
    const before = [
      step('a', 'title', 'Measure rail current'),
      step('a', 'exception', 'Rail current crept up'),
      step('b', 'title', 'Check the telemetry'),
      { ...step('c', 'title', 'Bake-out at 60 C'), componentType: 'card' as const },
    ].map(indexed);
    const { upserts, removals, releasedHashes } = componentChanges(
      [
        step('a', 'title', 'Measure rail current'),
        step('b', 'title', 'Check the telemetry at 1 Hz'),
        step('d', 'title', 'Power off the unit'),
      ],
      before,
    );
    expect(upserts.map((u) => `${u.componentId}.${u.part}`)).toEqual(['b.title', 'd.title']);
    expect(removals.map((r) => `${r.componentId}.${r.part}`)).toEqual(['a.exception', 'c.title']);
    expect(new Set(releasedHashes)).toEqual(
      new Set([
        textHash('Rail current crept up'),
        textHash('Check the telemetry'),
        textHash('Bake-out at 60 C'),
      ]),
    );
  });

  it('changes nothing when the run says what is indexed', () => {
    const wanted = [step('a', 'title', 'Measure rail current')];
    expect(componentChanges(wanted, wanted.map(indexed))).toEqual({
      upserts: [],
      removals: [],
      releasedHashes: [],
    });
  });
});
