// A signal table's net cell sometimes lists the lines of the bus an item travels on ("Cross-check data |
// SPI2_SCK, SPI2_MOSI, SPI2_MISO, SPI2_CS"): the item is a message on that bus, not those wires. A
// protocol's lines (SCK/MOSI/MISO, CAN_H/CAN_L, SDA/SCL) name the bus the netlist makes of them; as the
// item's aliases they would fold the item into that bus and lose it.
import { busKind } from './normalise.js';

/** A net in an item's net cell that names the item, not the protocol bus carrying it. */
export function namesTheItem(net: string): boolean {
  return !busKind(net);
}
