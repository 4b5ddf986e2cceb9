// KiCad netlists: parts become components keyed by refdes; named nets become signals, buses or power
// resources. Pin types say who drives a net (output, power_out), so PROVIDES/CONSUMES follow the
// electrical direction rather than guesswork.
import type { Netlist, NetlistComponent } from '../documents/types.js';
import type { MentionSink } from './builder.js';
import { busKind, isNoiseNetName, isPowerName } from './normalise.js';
import type { Provenance } from './types.js';

// Passives and test points are rarely things a system model names; they only appear when a BOM does.
const PASSIVE_PREFIX = /^(R|C|L|FB|TP|RN|JP|NT|MH|H|FID|LOGO|G)\d/;

// Pin types that drive a net: an open-collector fault line is driven by its chip, not by its pull-up.
const DRIVER_PIN = /^(output|power_out|open_collector|open_emitter|tri_state)$/;
const CONNECTOR_PREFIX = /^(J|P|CN|X|CON)\d/;

/** The name a hardware engineer would use: the part's value unless the value is a number ("10k"). */
function componentName(c: NetlistComponent): string {
  const value = c.value.trim();
  if (value && !/^[~-]?$/.test(value) && !/^\d[\d.,]*\s*[pnuµmkMG]?[A-Za-zΩ]*$/.test(value)) return value;
  return c.part?.trim() || c.ref;
}

export function extractNetlist(netlist: Netlist, documentName: string, sink: MentionSink): void {
  const prov = (line: number | undefined): Provenance => ({
    documentName,
    location: line ? { line } : {},
    extractor: 'netlist',
  });
  const names = new Map<string, string>();
  for (const c of netlist.components) {
    if (PASSIVE_PREFIX.test(c.ref)) continue;
    const sheet = c.sheet?.replace(/^\/|\/$/g, '').trim();
    const name = sink.entity(componentName(c), 'COMPONENT', prov(undefined), {
      aliases: [c.ref, c.part && c.part !== c.value ? c.part : undefined],
      externalId: c.ref,
      description: c.description,
      properties: { sheet, refdes: c.ref, value: c.value, footprint: c.footprint, part: c.part, lib: c.lib },
      weight: 3,
    });
    // Sheets stay a property: sheet names ("Power", "MCU") are drawing pages, not subsystems.
    names.set(c.ref, name);
  }
  for (const net of netlist.nets) {
    const raw = net.name.trim();
    if (isNoiseNetName(raw)) continue;
    const members = net.nodes.filter((n) => names.has(n.ref));
    if (members.length < 2 && !isPowerName(baseName(raw))) continue;
    const p = prov(undefined);
    const netName = baseName(raw);
    if (isPowerName(netName)) {
      if (/GND|VSS/i.test(netName)) continue; // every part touches ground: no information in it
      const rail = sink.entity(netName, 'RESOURCE', p, { weight: 3 });
      for (const n of members) {
        // Connectors carry a rail to other boards; they neither make nor use it.
        if (CONNECTOR_PREFIX.test(n.ref) && n.pinType !== 'power_out') continue;
        const comp = names.get(n.ref)!;
        const type = n.pinType === 'power_out' || n.pinType === 'output' ? 'PROVIDES' : 'CONSUMES';
        sink.relate(comp, rail, type, p);
      }
      continue;
    }
    const bus = busKind(netName);
    if (bus) {
      // SDA and SCL of one bus are one interface: name it by the bus and its qualifier.
      const iface = sink.entity(busName(netName, bus), 'INTERFACE', p, { properties: { protocol: bus } });
      for (const n of members) sink.relate(names.get(n.ref)!, iface, 'CONNECTS', p);
      continue;
    }
    const signal = sink.entity(netName, 'SIGNAL', p, { weight: 2 });
    const drivers = members.filter((n) => DRIVER_PIN.test(n.pinType ?? ''));
    for (const n of members) {
      const comp = names.get(n.ref)!;
      const driven = drivers.length > 0 && !drivers.includes(n);
      if (drivers.includes(n)) sink.relate(comp, signal, 'PROVIDES', p);
      else if (driven) sink.relate(comp, signal, 'CONSUMES', p);
      else sink.relate(comp, signal, 'CONNECTS', p);
    }
  }
}

/** "/Power/VBAT" → "VBAT": hierarchical sheet paths are not part of the net's name. */
function baseName(name: string): string {
  const parts = name.split('/').filter((s) => s);
  return parts[parts.length - 1] ?? name;
}

/** "I2C1_SDA", "I2C1_SCL" → "I2C1"; "CAN_H" → "CAN"; "UART2_TX" → "UART2". */
function busName(netName: string, bus: string): string {
  const m = new RegExp(`(${bus}\\d*)`, 'i').exec(netName.replace(/[²]/g, '2'));
  const prefix = netName
    .split(/[_-]/)
    .filter(
      (w) =>
        !/^(SDA|SCL|TX|RX|TXD|RXD|H|L|HI|LO|MOSI|MISO|SCK|SCLK|CS|NSS|SS|DP|DM|D\+|D-|P|N|CLK|DIO|SWDIO|SWCLK|TDI|TDO|TMS|TCK)$/i.test(
          w,
        ),
    );
  const label = prefix.join('_');
  if (/^(CAN[HL]|SDA|SCL|MOSI|MISO|SCK|SCLK)$/i.test(label)) return bus;
  return label && label.toUpperCase() !== m?.[1]?.toUpperCase() ? label : (m?.[1] ?? bus);
}
