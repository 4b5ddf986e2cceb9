// Bus nets named by the designer rather than by the protocol ("SPIA_SIMO", "ENC_CLK", "LINK_P"):
// nets that share a prefix and end in a bus-line role are the lines of one bus, so they fold into one
// interface named by the prefix, whatever the prefix says. The roles also tell the protocol, which
// lets the bus meet the interface a document describes in words ("Host SPI").
import { isPowerName } from './normalise.js';

const ROLE_PROTOCOL: [RegExp, string | undefined][] = [
  // Vendors name SPI lines their own way: NXP's LPSPI has SIN/SOUT/PCSn, others SI/SO, SSEL, CSn.
  [
    /^(MOSI|MISO|SIMO|SOMI|SCK|SCLK|SDI|SDO|SIN|SOUT|CS\d?|NSS\d?|SS\d?|CSN\d?|NCS\d?|PCS\d?|SSEL\d?)$/,
    'SPI',
  ],
  [/^(SDA|SCL)$/, 'I2C'],
  [/^(TX|RX|TXD|RXD|RTS|CTS)$/, 'UART'],
  [/^(CANH|CANL|CAN_H|CAN_L)$/, 'CAN'],
  [/^(D\+|D-|DP|DM)$/, 'USB'],
  // P/N and P/M ("ISOSPI_P", "ISOSPI_M"): plus and minus of a differential pair.
  [/^(CLK|DATA|DAT|P|N|M|H|L|A|B|MA|SL|DIO|SWDIO|SWCLK|TDI|TDO|TMS|TCK)$/, undefined],
];
// A chip select is a line of an SPI bus; beside only a pair's lines ("ISOSPI_P/M" and "ISOSPI_CS" on
// the SPI side of an isoSPI transceiver) it belongs to the SPI bus its parts share, not to the pair.
const SELECT = /^(CS\d?|NSS\d?|SS\d?|CSN\d?|NCS\d?|PCS\d?|SSEL\d?)$/;
const SPI_ROLE = ROLE_PROTOCOL[0]![0];
// Roles strong enough to make a bus even with one line; the weak ones (P/N, H/L, A/B, CLK/DATA) need
// a partner line with the same prefix.
const STRONG = /^(MOSI|MISO|SIMO|SOMI|SCK|SCLK|SIN|SOUT|SDA|SCL|TX|RX|TXD|RXD|CANH|CANL|D\+|D-)$/;

export function lineRole(netName: string): { prefix: string; role: string } | undefined {
  const m = /^(.+?)[_-]([A-Z]+\d?[+-]?)$/i.exec(netName);
  if (!m) return undefined;
  const role = m[2]!.toUpperCase();
  return ROLE_PROTOCOL.some(([re]) => re.test(role)) ? { prefix: m[1]!, role } : undefined;
}

export interface FoldedBus {
  name: string;
  protocol?: string;
  /** The nets' own names and the "PREFIX_P/N" shorthand documents use for a line pair. */
  aliases: string[];
}

/** Which nets are lines of a bus, keyed by net name. */
export function foldBuses(netNames: string[]): Map<string, FoldedBus> {
  const groups = new Map<string, { prefix: string; roles: string[]; nets: string[] }>();
  for (const n of netNames) {
    const lr = lineRole(n);
    if (!lr) continue;
    const key = lr.prefix.toUpperCase();
    const g = groups.get(key) ?? { prefix: lr.prefix, roles: [], nets: [] };
    g.roles.push(lr.role);
    g.nets.push(n);
    groups.set(key, g);
  }
  // A half-duplex RS-485 UART switches its transceiver with a driver/receiver enable ("WIND_DE",
  // "WIND_RE", or one direction line "LB_DIR"): a line of that UART, though DE alone names no
  // protocol ("LCD_DE" is a display's).
  for (const n of netNames) {
    const m = /^(.+?)[_-](DE|RE|NRE|DE_RE|DERE|TXEN|TX_EN|DIR)$/i.exec(n);
    const g = m && groups.get(m[1]!.toUpperCase());
    if (g && g.roles.some((r) => /^(TX|RX|TXD|RXD)$/.test(r))) {
      g.roles.push(m[2]!.toUpperCase());
      g.nets.push(n);
    }
  }
  // "PWM_A, PWM_B, PWM_C" or "PHASE_A … _C": letters past A/B number channels (phases, axes), so
  // A and B there are two of several parallel signals, not the two lines of a differential pair.
  const lettered = new Map<string, Set<string>>();
  for (const n of netNames) {
    const m = /^(.+?)[_-]([A-Z])$/i.exec(n);
    if (m)
      lettered.set(
        m[1]!.toUpperCase(),
        (lettered.get(m[1]!.toUpperCase()) ?? new Set()).add(m[2]!.toUpperCase()),
      );
  }
  const channels = (prefix: string): boolean =>
    [...(lettered.get(prefix.toUpperCase()) ?? [])].some((l) => /[C-GI-KMOQ-Z]/.test(l));
  const out = new Map<string, FoldedBus>();
  for (const g of groups.values()) {
    if (g.roles.some((r) => SELECT.test(r)) && !g.roles.some((r) => SPI_ROLE.test(r) && !SELECT.test(r))) {
      const kept = g.roles.map((r, i) => [r, g.nets[i]!] as const).filter(([r]) => !SELECT.test(r));
      g.roles = kept.map(([r]) => r);
      g.nets = kept.map(([, n]) => n);
      if (g.nets.length === 0) continue;
    }
    // "RF_SCK, RF_MOSI, RF_MISO, RF_CS1" and "RF_TX, RF_RX": a prefix naming a function block, not
    // a bus. Lines of two protocols are two links; the prefix's bus is the protocol most of its lines
    // speak, and the others stay nets of their own (RF_TX is the radio's transmit path, no UART).
    const protocols = g.roles.map((r) => ROLE_PROTOCOL.find(([re]) => re.test(r))?.[1]);
    const counts = new Map<string, number>();
    for (const p of protocols) if (p) counts.set(p, (counts.get(p) ?? 0) + 1);
    // "RTD_SCK, RTD_MOSI, RTD_MISO, RTD_CS" and "RTD_P, RTD_N": SPI and I2C are single-ended and have
    // no plus and minus lines; beside their lines, a pair's halves are the sensor's wires on the same
    // block, not lines of the bus. (A and B beside TX/RX are an RS-485 UART's, CLK an SPI clock.)
    const singleEnded = counts.size === 1 && ['SPI', 'I2C'].includes([...counts.keys()][0]!);
    const halves = singleEnded && g.roles.some((r) => /^(P|N|M)$/.test(r));
    if (counts.size > 1 || halves) {
      const main = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
      const kept = g.roles
        .map((r, i) => [r, g.nets[i]!, protocols[i]] as const)
        .filter(([r, , p]) => p === main || (halves && !p && !/^(P|N|M)$/.test(r)));
      g.roles = kept.map(([r]) => r);
      g.nets = kept.map(([, n]) => n);
    }
    if (g.nets.length < 2 && !g.roles.some((r) => STRONG.test(r))) continue;
    if (g.roles.every((r) => r === 'A' || r === 'B') && channels(g.prefix)) continue;
    const protocol = g.roles
      .map((r) => ROLE_PROTOCOL.find(([re]) => re.test(r))?.[1])
      .find((p): p is string => !!p);
    const bus: FoldedBus = {
      name: g.prefix,
      ...(protocol ? { protocol } : {}),
      aliases: [...g.nets, `${g.prefix}_${g.roles.join('/')}`],
    };
    for (const n of g.nets) out.set(n, bus);
  }
  return out;
}

/**
 * "MOT_A" and "MOT_B" on an H-bridge's power_out pins: nets that fold as the lettered lines of one link
 * and are not named as power carry the link to the motor, though the pin type says power.
 */
export function isBridgeOutput(
  netName: string,
  members: { pinType?: string }[],
  folded: Map<string, FoldedBus>,
): boolean {
  return !isPowerName(netName) && folded.has(netName) && members.some((m) => m.pinType === 'power_out');
}
