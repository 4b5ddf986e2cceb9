// The rules that make a component's embedded texts (one per part) and decide what the indexing job rewrites.
import { describe, expect, it } from 'vitest';
import {
  componentChanges,
  type ComponentText,
  componentTexts,
  MAX_EMBEDDED_CHARS,
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
