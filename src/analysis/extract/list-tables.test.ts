// An ICD section per interface with its properties as "Key: value" list items reads like a
// Property | Value table: ends, the cable or connector it runs through, and its board nets as aliases.
import { describe, expect, it } from 'vitest';
import type { TextBlock } from '../documents/types.js';
import { expandNets, keyValueLists } from './list-tables.js';
import { doc, model, rels } from './test-helpers.js';

const item = (text: string, section = '2 IF-01 Tow Link'): TextBlock => ({
  kind: 'list_item',
  text,
  location: { section },
});
const spec = (...blocks: TextBlock[]) => ({ name: 'icd.md', doc: doc({ kind: 'markdown', blocks }) });

describe('key/value lists in interface sections', () => {
  it('relates the ends and the carrier to the interface named after its id, nets as aliases', () => {
    const m = model(
      spec(
        item('Type: 100BASE-TX Ethernet'),
        item('End A: Ethernet Switch (port 8, in the TPU)'),
        item('End B: Sonar Board (J1)'),
        item('Carried by: Tow Cable W1, pairs A and B'),
        item('Board nets: TOW_TX+/-, TOW_RX+/-'),
      ),
    );
    expect(rels(m)).toEqual(
      [
        'ethernet switch CONNECTS tow link',
        'sonar board CONNECTS tow link',
        'tow cable CONNECTS tow link',
      ].sort(),
    );
    expect(m.entities.find((e) => e.key === 'tow link')?.aliases).toEqual(
      expect.arrayContaining(['IF-01', 'TOW_TX+', 'TOW_TX-', 'TOW_RX+', 'TOW_RX-']),
    );
  });

  it('reads the same list set as the lines of one paragraph that runs on into a remark', () => {
    const para: TextBlock = {
      kind: 'paragraph',
      text: 'End A: Sonar FPGA\nEnd B: Ethernet PHY\nRaw Ethernet frames only; no messages of its own.',
      location: { section: '3 IF-02 RMII Link' },
    };
    expect(keyValueLists([para]).map((t) => t.rows)).toEqual([
      [
        ['Property', 'Value'],
        ['End A', 'Sonar FPGA'],
        ['End B', 'Ethernet PHY'],
      ],
    ]);
  });

  it('reads no table from list items that are not "Key: value", or from a single one', () => {
    expect(keyValueLists([item('End A: Ethernet Switch')])).toEqual([]);
    expect(keyValueLists([item('the Ethernet Switch'), item('the Sonar Board')])).toEqual([]);
    const prose: TextBlock = {
      kind: 'paragraph',
      text: 'Scope: how the sonar connects to the vessel.\nEach interface is a section.',
      location: { section: '1 Scope' },
    };
    expect(keyValueLists([prose])).toEqual([]);
  });
});

describe('net lists', () => {
  it('expands pairs and ranges', () => {
    expect(expandNets('TOW_TX+/-, RMII_TXD0..1, ADC_D1_P/N, MDC')).toEqual([
      'TOW_TX+',
      'TOW_TX-',
      'RMII_TXD0',
      'RMII_TXD1',
      'ADC_D1_P',
      'ADC_D1_N',
      'MDC',
    ]);
  });

  it('keeps words that are no net names out', () => {
    expect(expandNets('on board, see note 3')).toEqual([]);
  });
});
