// The extractor on hand-labelled fixture products: prints the score table and holds a floor a little
// below what it reaches, so a change that loses quality fails. Products with different vocabularies
// and layouts (most of them written blind, scored once as they came, then fixed by general rules) keep
// the extractor from being tuned to one; those held out (HELD_OUT) are left out.
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractModel } from './extract.js';
import { readProduct, releasedProducts } from './fixture-products.js';
import { scoreExtraction } from './score.js';

/**
 * Tuned products still under the common floor, each held at what it reaches so it cannot slip back,
 * with the reason it stops there. tidewell's truth leaves out local nets no document names (NRST,
 * PWM_A..C), which the older products' truths count as signals: settling that is a truth decision.
 */
const OWN_FLOOR: Record<string, { entities: number; relationships: number }> = {
  'tidewell-thruster-pod': { entities: 0.96, relationships: 0.96 },
  // aldane's truth counts each phase of its motor PWM (PWM_A, PWM_B, PWM_C), which only the netlist
  // names, as a signal; halden's and quorra's make such a family one signal, and the extractor does too.
  'aldane-door-controller': { entities: 0.96, relationships: 0.95 },
  // harlan (released 2026-11-24, blind 76.5 / 59.7): its truth leaves out nets only the netlist names
  // (PWM_UH.., ~{GD_FAULT}, NRST; as tidewell's) and the mains (AC_L, AC_N), and its prose passes
  // signals on by pronoun ("passes it ... back to"), which is unread.
  'harlan-heat-pump': { entities: 0.88, relationships: 0.88 },
  // oriel (released 2026-11-24, blind 75.6 / 68.4; relationships at the common floor): its truth makes the line receiver's logic-side nets
  // (ENC_L_A/B) the encoder pulses, where corvid's makes such nets the bus. (Its prose PWM/DIR/current
  // items meet their nets by side letter since h-ext5: 97.5 / 95.1.)
  'oriel-agv-drive': { entities: 0.95, relationships: 0.95 },
  // sable (released 2026-11-24, blind 79.0 / 80.7): its truth leaves out local nets only the netlist names
  // (PWM_*_L, ~{FAULT_L}, SPEED_DIG, GD_VCC2; as tidewell's and harlan's), and the model's context makes the
  // external Bridge Panel a SYSTEM beside the product, where the truth has it a SUBSYSTEM.
  'sable-propulsion-controller': { entities: 0.92, relationships: 0.87 },
  // tarn, corran and halden (released 2026-11-24 for study of the generic precision gap; blind first runs
  // 74.6 / 76.2, 81.0 / 72.6, 85.9 / 85.0), held at what they reach while that work goes on.
  'tarn-irrigation-controller': { entities: 0.99, relationships: 0.93 },
  'corran-wallbox': { entities: 0.94, relationships: 0.87 },
  'halden-centrifuge': { entities: 0.9, relationships: 0.9 },
  // kelso (released 2026-11-24, blind 63.7 / 50.2: IEC designations, item definitions by id).
  'kelso-conveyor-cabinet': { entities: 0.95, relationships: 0.94 },
  // quorra (released 2026-11-24, blind 35.7 / 39.4: a Cameo plug-in's camel-case XMI keys were unread).
  'quorra-eps-ecu': { entities: 0.92, relationships: 0.84 },
  // vesta (released 2026-11-24, blind 62.7 / 56.4: Altium values in Comment, Capella functions,
  // telecommand tables under each link).
  'vesta-reaction-wheel': { entities: 0.84, relationships: 0.83 },
  // tovin (held out until 2026-11-24 13:05, blind 67.1 / 74.2; EA-like aggregations drawn part to whole).
  'tovin-rf-amplifier': { entities: 0.85, relationships: 0.79 },
  // halvard and calder (released 2026-11-24, blind first-run numbers 81.8 / 68.9 and 80.0 / 72.0).
  // Their truths make an external "... System" a SYSTEM where corvid's and skerry's make one a component;
  // calder's also counts I2C_SCL/SDA as signals (pelorus, skerry, wrenfield make them the bus), adds a
  // CONNECTS beside every PROVIDES/CONSUMES of a signal pin, and splits grouped BOM lines by the ICD.
  'halvard-sc5-radio-unit': { entities: 0.95, relationships: 0.93 },
  'calder-ventilator': { entities: 0.89, relationships: 0.75 },
  // merrow (released 2026-11-24, blind first run 61.0 / 77.2: a capellambse dump's nested physical
  // components, applied property values, FLOW-kind ports and deployed software, and a pin-out's
  // "Signal / Function" column, were unread) is held by the common floor.
  // selby (released 2026-11-24, blind first run 78.1 / 86.2 on e9c32ec; 96.1 / 95.7 after h-ext4). Its
  // truth makes one converter's reference-resistor nets (REFIN+/-) no signals, where wrenfield's and
  // tessaly's make a lone ADC pin's divider net (VBAT_SENSE) one; it puts the RTD converter's data-ready
  // line in the SPI link, and the op-amp's input and output nets (PRESS_DIV/ADC) in the signal they scale.
  'selby-steam-sterilizer': { entities: 0.96, relationships: 0.95 },
  // kestle and penhallow (written blind 2026-11-24, released at once for the entity-precision gap on
  // unseen products; first runs on ec138f6 84.4 / 83.7 and 84.4 / 90.9, entity precision 78.0 and 73.0;
  // after h-ext5 100.0 / 92.2 and 96.4 / 92.5). penhallow's truth makes the RF path's netlist-only nets
  // (/PA_IN, /RF_TX, /RF_RX, /RF_RX_FILT) aliases of the VHF transmit and receive signals, which no
  // document's words tie to them; kestle's makes the input stage's output (/CP1_DET) its input's signal
  // where calder's keeps an amplifier's input and output (O2_CELL, O2_SENSE) two signals.
  'kestle-axle-counter': { entities: 0.99, relationships: 0.92 },
  'penhallow-ais-transponder': { entities: 0.96, relationships: 0.92 },
  // ashgrove and tamsin (written blind 2026-11-25, released at once after their first runs on b460eee:
  // 82.8 / 83.7 and 82.4 / 68.3, entity precision 71 and 71 with recall 100 and 98). Since h-ext6
  // (SAP "Installation point" designators, unit / pin wire-list ends, pair halves, terminal-schedule
  // functions, nested-tree flows, site contexts, attribute-sheet node words) 97.2 / 95.4 and
  // 94.8 / 89.8. Left: a relay or multi-channel driver taken as a pass-through for a signal's name
  // (the truths of other products stop at relays), the fibre transceiver's logic-side nets as the
  // link's lines, and two truth calls (the board passing the 24V Supply on; Main Controller as
  // well as the board for the "Controller" arrows).
  'ashgrove-grain-dryer': { entities: 0.96, relationships: 0.94 },
  'tamsin-rov-tether-unit': { entities: 0.94, relationships: 0.89 },
  // ludwell and morvane (written blind 2026-11-25, released after their first runs on 4d92026: 84.7 / 78.1
  // and 88.1 / 87.9). Since h-ext7 (BOM sections labelled "Assembly: <item no.>", N² matrices under a
  // preamble with "[link]" cells, tag-keyed data dictionaries, "discrete (J4)" media, pin-named pass-
  // through parts, one-wire "buses" through series resistors, "receives X from A over L and Y from B",
  // ", which it drives") 100.0 / 98.9 and 96.2 / 98.8. Left, as truth calls that other products' truths
  // do not share: ludwell's board passing the 24V Supply on from J1 to J4 (its PWR OUT pin reads as
  // providing it) and "turns the Chain Sprocket" left out as mechanical; morvane's Solenoid Pulse a
  // signal where its model exports it as POWER, and "talks to the server" not a CONNECTS.
  'ludwell-stage-hoist': { entities: 1.0, relationships: 0.98 },
  'morvane-parcel-locker': { entities: 0.96, relationships: 0.98 },
  // thornby (released 2026-11-24, blind first run 70.9 / 81.4 on the session's start code) reaches the
  // common floor (99.1 / 97.5 since h-ext5 reads an Ethernet PHY as the transceiver between its RMII bus
  // and the port) and has no floor of its own.
};
const PRODUCTS = releasedProducts();

const pct = (n: number): string => (n * 100).toFixed(1).padStart(5);

describe('extraction quality on the fixture products', () => {
  it.each(PRODUCTS.map((dir) => [basename(dir), dir]))('%s scores above the floor', async (product, dir) => {
    const { documents, truth } = await readProduct(dir);
    const score = scoreExtraction(extractModel(documents), truth);
    const { entities: e, relationships: r } = score;
    console.log(
      [
        `${product}: entities P ${pct(e.precision)} R ${pct(e.recall)} F1 ${pct(e.f1)} (${e.truePositives}/${e.predicted}/${e.expected})`,
        `${product}: relationships P ${pct(r.precision)} R ${pct(r.recall)} F1 ${pct(r.f1)} (${r.truePositives}/${r.predicted}/${r.expected})`,
        ...(process.env.HWA_EXTRACT_DEBUG
          ? [
              'missed entities: ' + score.missedEntities.join('; '),
              'extra entities: ' + score.extraEntities.join('; '),
              'missed relationships: ' + score.missedRelationships.join('; '),
              'extra relationships: ' + score.extraRelationships.join('; '),
            ]
          : []),
      ].join('\n'),
    );
    const floor = OWN_FLOOR[product] ?? { entities: 0.97, relationships: 0.95 };
    expect(e.f1).toBeGreaterThanOrEqual(floor.entities);
    expect(r.f1).toBeGreaterThanOrEqual(floor.relationships);
  });
});
