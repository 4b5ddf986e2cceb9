// The rules that make a component's embedded text and decide what the indexing job rewrites.
import { describe, expect, it } from 'vitest';
import {
  componentChanges,
  componentText,
  componentTexts,
  MAX_EMBEDDED_CHARS,
  textHash,
} from './search-texts.js';

describe('componentText', () => {
  it('joins the non-empty parts one per line with their whitespace collapsed', () => {
    expect(componentText(['  Soak at\t-40 C ', null, '', 'Dwell\n\n4 h'])).toBe('Soak at -40 C\nDwell 4 h');
  });

  it('cuts a long text at MAX_EMBEDDED_CHARS', () => {
    expect(componentText(['x'.repeat(MAX_EMBEDDED_CHARS + 10)])).toHaveLength(MAX_EMBEDDED_CHARS);
  });
});

describe('componentTexts', () => {
  it('leaves out components with no text and keys each by the hash of its text', () => {
    const texts = componentTexts([
      { componentType: 'step', componentId: 's1', parts: ['Power on', null] },
      { componentType: 'observation', componentId: 'o1', parts: ['   '] },
    ]);
    expect(texts).toEqual([
      { componentType: 'step', componentId: 's1', text: 'Power on', textHash: textHash('Power on') },
    ]);
    expect(textHash('Power on')).toMatch(/^[0-9a-f]{32}$/);
    expect(textHash('Power on')).not.toBe(textHash('Power off'));
  });
});

describe('componentChanges', () => {
  const step = (id: string, text: string) => ({
    componentType: 'step' as const,
    componentId: id,
    text,
    textHash: textHash(text),
  });

  it('rewrites new and changed components, removes gone ones, and releases hashes this run no longer says', () => {
    const indexed = [
      { componentType: 'step' as const, componentId: 'a', textHash: textHash('Power on') },
      { componentType: 'step' as const, componentId: 'b', textHash: textHash('Check telemetry') },
      { componentType: 'card' as const, componentId: 'c', textHash: textHash('Bake-out') },
    ];
    const { upserts, removals, releasedHashes } = componentChanges(
      [step('a', 'Power on'), step('b', 'Check telemetry at 1 Hz'), step('d', 'Power off')],
      indexed,
    );
    expect(upserts.map((u) => u.componentId)).toEqual(['b', 'd']);
    expect(removals.map((r) => r.componentId)).toEqual(['c']);
    expect(new Set(releasedHashes)).toEqual(new Set([textHash('Check telemetry'), textHash('Bake-out')]));
  });

  it('changes nothing when the run says what is indexed', () => {
    const wanted = [step('a', 'Power on')];
    expect(componentChanges(wanted, wanted)).toEqual({ upserts: [], removals: [], releasedHashes: [] });
  });
});
