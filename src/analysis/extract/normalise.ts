// Name normalisation: the same part named in a BOM, a netlist, an ICD and prose must become one
// entity, so keys ignore case, punctuation, spacing and plural endings, and acronyms are recognised.
import { isReturnOrShield } from './returns.js';

/** Singularises one lower-case word; short words and words ending in "ss"/"us"/"is" are left alone. */
function singular(word: string): string {
  if (word.length <= 3 || /(ss|us|is)$/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return word.slice(0, -3) + 'y';
  if (/(ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** The local key of a name: lower case, punctuation dropped, words singular, joined by one space. */
export function normaliseName(name: string): string {
  const words = name
    .toLowerCase()
    // "-12V Rail" is not the "12V Rail": a minus sign before a number is part of the name.
    .replace(/(^|[^a-z0-9])-(?=\d)/g, '$1minus')
    // "ETH_TX+" and the netlist's "ETH_TXP" are the same half of a differential pair.
    .replace(/([a-z])\+(?![a-z0-9])/g, '$1p')
    .replace(/[’']s\b/g, '')
    .replace(/[^a-z0-9+.]+/g, ' ')
    .replace(/(?<![0-9])\.|\.(?![0-9])/g, ' ')
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0);
  while (words.length > 1 && LEADING_ARTICLES.has(words[0]!)) words.shift();
  return words.map(singular).join(' ');
}

const LEADING_ARTICLES = new Set(['the', 'a', 'an']);

/** Initials of a multi-word name ("Ground Support Equipment" → "GSE"), for acronym matching. */
export function initials(name: string): string {
  return name
    .split(/[\s\-/]+/)
    .filter((w) => /^[A-Za-z]/.test(w) && !/^(of|and|the|for|to|in|on|a)$/i.test(w))
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** "Ground Support Equipment (GSE)" → { name: "Ground Support Equipment", acronym: "GSE" }. */
export function splitAcronym(text: string): { name: string; acronym?: string } {
  const m = /^(.*?)\s*\(([A-Za-z0-9][A-Za-z0-9\-/&]{1,11})\)\s*$/.exec(text.trim());
  if (!m || !m[1]) return { name: text.trim() };
  const acronym = m[2]!;
  const full = m[1].trim();
  if (/^[A-Z0-9\-/&]+$/.test(acronym) && acronym.replace(/[^A-Z]/g, '').length >= 2)
    return { name: full, acronym };
  return { name: text.trim() };
}

/** Power rails and grounds: resources, not signals. */
export function isPowerName(name: string): boolean {
  // "+VSYS" and "VSYS" are the same rail; the sign only says it is positive.
  const n = name
    .replace(/^\//, '')
    .replace(/^\+(?=[A-Z])/i, '')
    .toUpperCase();
  // A line that measures or switches a rail is a signal about it, not the rail: "+5V_EN", and in
  // words "Main Supply Enable", "Rail Power Good". So is a flag that reports it: "PWR_FAIL", "VIN_GOOD".
  if (/_(SENSE|SNS|MON|DET|EN|ADC|OK|FAULT|PG|ALERT|INT|DIV|FAIL|GOOD|WARN|STATUS|LOSS)$/.test(n))
    return false;
  if (
    // A measured quantity named after what it measures ("Supply Air Temperature", "Supply Pressure")
    // is a reading, not the supply.
    /\s(ENABLE|DISABLE|INHIBIT|GOOD|OK|FAULT|FAIL|STATUS|SENSE|MONITOR|ALARM|ALERT|COMMAND|REQUEST|SELECT|SHUTDOWN|TRIP|READY|TEMPERATURE|PRESSURE|HUMIDITY|SETPOINT)$/.test(
      n,
    )
  )
    return false;
  return (
    /^[+-]?\d+V\d*[A-Z_]*$/.test(n) ||
    /^[+-]\d+(\.\d+)?V/.test(n) ||
    /^(P|V)?\d+V\d+(_[A-Z0-9]+)?$/.test(n) ||
    /^(A|D|P|CHASSIS|SIGNAL)?GND[A-Z0-9_]*$/.test(n) ||
    /^(VBAT|VBATT|VCC|VDD|VSS|VEE|VIN|VSYS|VBUS|VMOT|VSOLAR|VAUX|PWR|VREF|VPV)[A-Z0-9_+]*$/.test(n) ||
    /^(V|VCC|VDD)_?\d/.test(n) ||
    /(^|_)\+?\d+V\d*($|_)/.test(n) ||
    /\b(POWER BUS|RAIL|BATTERY BUS|MAIN BUS|SUPPLY)\b/.test(n) ||
    // "DC Bus", "HV Bus", "DC Link": the bus a converter or a battery feeds is power by its name.
    /^(DC|AC|HV|LV)[ _](BUS|LINK)$/.test(n) ||
    // "24 VDC", "3.3 V DC": a DC voltage named alone is the supply at that voltage.
    /^\d+(\.\d+)?\s?V\s?DC$/.test(n)
  );
}

/** The return: listed beside the rails, but nothing provides or consumes it. */
export function isGroundName(name: string): boolean {
  return (
    /^(A|D|P|CHASSIS|SIGNAL)?(GND|VSS|0V|RETURN|RTN)[A-Z0-9_]*$/i.test(name.trim().replace(/^\//, '')) ||
    // Written out: "Ground", "Vehicle ground", "Signal Ground", "Chassis ground return".
    /^((vehicle|chassis|signal|power|analog|analogue|digital|protective|system|board|battery|supply|common)\s+)?ground(\s+return)?$/i.test(
      name.trim(),
    ) ||
    isReturnOrShield(name)
  );
}

/** Bus and protocol names: interfaces rather than single signals. */
export function busKind(name: string): string | undefined {
  const m =
    /\b(I2C|I²C|IIC|SPI|CAN|CANBUS|UART|USART|RS-?232|RS-?422|RS-?485|(?:232|422|485)(?!\d)|USB|ETH|ETHERNET|SWD|JTAG|LVDS|PCIE|MIPI|SPACEWIRE|MIL-STD-1553|1553|ARINC|SDIO|QSPI|MDIO|RMII|I3C|ONEWIRE|1-WIRE)\d*\b/i.exec(
      name.replace(/[_/]/g, ' '),
    );
  if (m) return canonicalBus(m[1]!);
  // Bare line names a bus is known by: CANH, SDA, MOSI.
  const line = /^(?:\w+_)?(CANH|CANL|CAN_H|CAN_L|SDA|SCL|MOSI|MISO|SCK|SCLK)$/i.exec(name);
  if (!line) return undefined;
  const l = line[1]!.toUpperCase();
  return l.startsWith('CAN') ? 'CAN' : l === 'SDA' || l === 'SCL' ? 'I2C' : 'SPI';
}

/** "USB", "CAN", "SSI": a protocol's bare name, which names a kind of link, not one link or net. */
export function isBareProtocol(name: string): boolean {
  const kind = busKind(name);
  // SSI and BiSS are encoder links busKind does not treat as buses of a board.
  return (!!kind && kind === name.toUpperCase()) || /^(SSI|BISS|BISS-C)$/i.test(name.trim());
}

/** One spelling per protocol, so "RS-485" in an ICD meets the netlist's "RS485". */
function canonicalBus(kind: string): string {
  const k = kind.toUpperCase().replace(/-/g, '');
  if (k === 'I²C' || k === 'IIC') return 'I2C';
  if (k === 'CANBUS') return 'CAN';
  if (k === 'USART') return 'UART';
  if (k === 'ETHERNET') return 'ETH';
  if (k === 'MILSTD1553') return '1553';
  if (k === '1WIRE') return 'ONEWIRE';
  // "485_DI": a UART line to an RS-485 transceiver named by the standard's number alone.
  if (/^(232|422|485)$/.test(k)) return `RS${k}`;
  return k;
}

/** KiCad auto-named nets ("Net-(U1-Pad3)", "unconnected-(U2-NC-Pad4)") carry no design meaning. */
export function isNoiseNetName(name: string): boolean {
  return /^(\/)?(Net-\(|unconnected-|N\$|NET\d+$|N-\d+)/i.test(name) || name.trim() === '';
}

/** Reference designators: "U1", "R12", "J3A". */
export function isRefdes(text: string): boolean {
  return /^[A-Z]{1,3}\d{1,4}[A-Z]?$/.test(text.trim());
}

/**
 * Extra merge keys for a name of a given type: "CAN Bus" and the netlist's "CAN" are one interface;
 * "+3V3", "3V3 Rail" and "3.3 V rail" are one rail.
 */
export function mergeKeys(name: string, type: string): string[] {
  const keys: string[] = [];
  if (type === 'INTERFACE') {
    // Only between interfaces: "Field Bus" is not the connector whose value is "Field".
    const bare = name.replace(/\s+(bus|interface|link|port)$/i, '');
    keys.push(`iface:${normaliseName(bare)}`);
  }
  if (type === 'SUBSYSTEM') {
    // "Flight Controller Board" in a BOM is the "Flight Controller" of the block model.
    const bare = name.replace(/\s+(board|assembly|assy|pcb|pcba|module|subsystem)$/i, '');
    if (bare !== name && bare.includes(' ')) keys.push(normaliseName(bare));
  }
  if (type === 'RESOURCE') {
    const rail = railKey(name);
    if (rail) keys.push(rail);
    keys.push(...railWordKeys(name));
  }
  return keys;
}

/** The key an interface's name is known by among other names ("NMEA 2000 Bus" → "iface:nmea 2000"). */
export const interfaceKey = (name: string): string => mergeKeys(name, 'INTERFACE')[0]!;

const RAIL_WORDS = /^(rail|bus|supply|power|line|voltage|output|out)$/i;

/**
 * Rails named by a voltage and a word in one document and by a net label in another: "+24V_AUX" and
 * "24V Auxiliary Rail" share "24v" and the word's first letters; "+VMOT" and "Motor Supply" share
 * "mot" ("V" + an abbreviation is how net labels name a rail). Only a name that is one word plus rail
 * words gets the second key, so "Motor Phase Power" does not meet "+VMOT".
 */
export function railWordKeys(name: string): string[] {
  const t = name.trim();
  const label = /^\+?(\d+V\d*)_([A-Z]{3,})$/i.exec(t) ?? /^\+?()V([A-Z]{3,})$/.exec(t);
  if (label) return [`rail:${label[1]!.toLowerCase()}:${label[2]!.slice(0, 3).toLowerCase()}`];
  const words = name.trim().split(/\s+/);
  const m = /^(\d+V\d*)$/i.exec(words[0] ?? '');
  const rest = m ? words.slice(1) : words;
  if (rest.length < 2 || !/^[A-Za-z]{3,}$/.test(rest[0]!) || !rest.slice(1).every((w) => RAIL_WORDS.test(w)))
    return [];
  return [`rail:${m ? m[1]!.toLowerCase() : ''}:${rest[0]!.slice(0, 3).toLowerCase()}`];
}

/** "+3V3", "3V3 rail", "3.3 V rail", "P3V3", "3.3 VDC" → "rail:3v3"; "+5V" → "rail:5v". */
export function railKey(name: string): string | undefined {
  const bare =
    /^\+?(?:P|V)?(\d+)(?:[.,V](\d+))?\s*V?(?:\s?DC)?\s*(?:_?(?:rail|bus|supply|line|out|power))?$/i.exec(
      name.trim(),
    );
  // "5V BEC Rail": a voltage and a rail word anywhere in the name.
  const named = /rail|bus|supply/i.test(name)
    ? /(?:^|[\s+])(\d+)(?:[.,V](\d+))?\s?V(?![a-z])/i.exec(name)
    : null;
  const m = bare && (/v/i.test(name) || /rail|bus|supply/i.test(name)) ? bare : named;
  if (!m) return undefined;
  return `rail:${m[1]}v${m[2] && m[2] !== '0' ? m[2] : ''}`;
}
