#!/usr/bin/env node
// Writes the sample files the README uploads: datasheet.pdf (a one-page datasheet of a fictional
// regulator, with real, extractable text), telemetry.csv (an hour of a 2S Li-ion pack cooling in a
// thermal-vacuum test, with brownouts from about -20 °C) and tvac-plot.png (its temperature, plotted).
// bom.csv is written by hand.
// Deterministic: running it again gives the same bytes, so the committed files can be checked.
//   node examples/generate.mjs
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------------------------------
// datasheet.pdf: PDF 1.4, one US-letter page (612 x 792 pt), the standard Helvetica fonts (no font
// files embedded), WinAnsi text so that °, µ and ± come out as themselves.

const PAGE = { width: 612, height: 792 };
const ops = [];
const pdfText = (s) => s.replace(/[\\()]/g, (c) => `\\${c}`);
/** Text with its baseline `top` points below the page's top edge (the README's annotation coordinates). */
const text = (x, top, size, str, bold = false) =>
  ops.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf ${x} ${PAGE.height - top} Td (${pdfText(str)}) Tj ET`);
const rule = (x1, top, x2, width = 0.5) =>
  ops.push(`${width} w ${x1} ${PAGE.height - top} m ${x2} ${PAGE.height - top} l S`);
const band = (x, top, w, h, gray) => ops.push(`${gray} g ${x} ${PAGE.height - top - h} ${w} ${h} re f 0 g`);

const L = 56; // left margin
const R = PAGE.width - 56;

band(0, 0, PAGE.width, 74, 0.88);
text(L, 38, 22, 'HWA-LDO33', true);
text(L, 58, 11, '3.3 V, 500 mA low-dropout linear regulator');
text(R - 150, 38, 9, 'Datasheet, revision A');
text(R - 150, 52, 9, 'Example file shipped with hwa');
text(R - 150, 64, 9, '(a fictional part)');

let top = 104;
const heading = (title) => {
  text(L, top, 12, title, true);
  rule(L, top + 5, R);
  top += 22;
};
const paragraph = (lines, size = 9.5, leading = 13) => {
  for (const line of lines) {
    text(L, top, size, line);
    top += leading;
  }
  top += 8;
};

heading('Features');
paragraph([
  '-  Fixed 3.3 V output, \u00b11 % over line, load and temperature (-40 \u00b0C to +125 \u00b0C junction)',
  '-  250 mV typical dropout at 500 mA; stable with a 2.2 \u00b5F ceramic output capacitor',
  '-  55 \u00b5A quiescent current; current limit and thermal shutdown',
  '-  SOT-223 package, tab connected to VOUT',
]);

heading('Applications');
paragraph([
  'On-board computers and sensor rails fed from a 2S Li-ion bus (6.0 V to 8.4 V) in small satellites.',
]);

/** A table: a header row in bold, then rows; `columns` are the left edges. */
const table = (columns, header, rows) => {
  header.forEach((cell, i) => text(columns[i], top, 9, cell, true));
  rule(L, top + 4, R, 0.3);
  top += 16;
  for (const row of rows) {
    row.forEach((cell, i) => text(columns[i], top, 9, cell));
    top += 14;
  }
  rule(L, top - 9, R, 0.3);
  top += 12;
};

heading('Absolute maximum ratings');
table(
  [L, 300, 400],
  ['Parameter', 'Value', 'Unit'],
  [
    ['Input voltage VIN', '-0.3 to 16', 'V'],
    ['Output current', 'internally limited', ''],
    ['Junction temperature', '-40 to 150', '\u00b0C'],
    ['Storage temperature', '-65 to 150', '\u00b0C'],
  ],
);

heading('Electrical characteristics (VIN = 5 V, IOUT = 10 mA, TA = 25 \u00b0C unless noted)');
table(
  [L, 210, 330, 380, 430, 480],
  ['Parameter', 'Conditions', 'Min', 'Typ', 'Max', 'Unit'],
  [
    ['Output voltage', 'IOUT = 1 mA to 500 mA', '3.267', '3.300', '3.333', 'V'],
    ['Dropout voltage', 'IOUT = 500 mA', '', '250', '400', 'mV'],
    ['Dropout voltage, cold', 'IOUT = 500 mA, TA = -20 \u00b0C', '', '310', '480', 'mV'],
    ['Quiescent current', 'IOUT = 0 mA', '', '55', '90', '\u00b5A'],
    ['Line regulation', 'VIN = 4.3 V to 12 V', '', '0.02', '0.1', '%/V'],
    ['Load regulation', 'IOUT = 1 mA to 500 mA', '', '0.2', '0.6', '%'],
    ['Ripple rejection', 'f = 1 kHz', '', '62', '', 'dB'],
    ['Current limit', 'VOUT = 3.0 V', '550', '650', '750', 'mA'],
    ['Thermal shutdown', 'junction temperature', '', '160', '', '\u00b0C'],
  ],
);

heading('Pin configuration (SOT-223, top view)');
table(
  [L, 110, 180],
  ['Pin', 'Name', 'Function'],
  [
    ['1', 'GND', 'Ground'],
    ['2', 'VOUT', 'Regulated output; bypass with 2.2 \u00b5F or more to GND'],
    ['3', 'VIN', 'Input; bypass with 1 \u00b5F or more to GND'],
    ['Tab', 'VOUT', 'Connected to pin 2; solder to a copper area for heat'],
  ],
);

heading('Application note');
paragraph([
  'Place the input and output capacitors within 5 mm of the pins. Use X7R ceramics: the capacitance and',
  'ESR of Y5V parts change so much below -20 \u00b0C that the output may oscillate. Dropout rises at low',
  'temperature; when VIN can sag under load pulses, keep VIN - VOUT above the cold dropout voltage.',
]);
text(
  L,
  PAGE.height - 36,
  8,
  'HWA-LDO33 is not a real part. This page exists to try hwa with: upload it, annotate it, export it.',
);

function writePdf(file) {
  const stream = Buffer.from(ops.join('\n'), 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
      '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} >>\nstream\n`, 'latin1'),
      stream,
      Buffer.from('\nendstream', 'latin1'),
    ]),
    '<< /Title (HWA-LDO33 datasheet, example) /Producer (hwa examples/generate.mjs) >>',
  ];
  const parts = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets = [];
  objects.forEach((body, i) => {
    const bytes = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    offsets.push(offset);
    parts.push(bytes);
    offset += bytes.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  fs.writeFileSync(file, Buffer.concat(parts));
}

// ---------------------------------------------------------------------------------------------------
// telemetry.csv: one sample every 10 s for an hour. The chamber cools the pack from +22 °C towards
// -24 °C; the radio transmits at 2.8 A for 30 s every 5 minutes on top of a 0.9 A base load. The
// pack's internal resistance rises in the cold, so the transmit pulses sag the bus further each time;
// from about -20 °C on, a pulse drops it below the 6.7 V brownout threshold of the on-board computer,
// which resets: the radio stops and the load falls to 0.25 A for 30 s while it reboots.

const BROWNOUT_V = 6.7;

function telemetry() {
  let seed = 20260115;
  const noise = (amplitude) => {
    seed = (seed * 1103515245 + 12345) % 2147483648; // a fixed LCG: the same file every run
    return ((seed / 2147483648) * 2 - 1) * amplitude;
  };
  const capacityAh = 5.4;
  let soc = 0.92;
  let rebootUntil = -1;
  const rows = ['time_s,voltage_v,current_a,temperature_c'];
  for (let t = 0; t < 3600; t += 10) {
    const temperature = -24 + 46 * Math.exp(-t / 1300);
    const transmitting = t % 300 >= 270;
    const current = rebootUntil > t ? 0.25 : 0.9 + (transmitting ? 1.9 : 0);
    const resistance = 0.075 * Math.exp(-0.04 * (temperature - 25)); // ohms, whole pack
    const ocv = 2 * (3.35 + 0.85 * soc);
    const voltage = ocv - current * resistance;
    // Brownout: this sample shows the sag; then the computer resets, the radio stops, and the next
    // three samples see only the 0.25 A of the rest of the satellite.
    if (voltage < BROWNOUT_V && rebootUntil <= t) rebootUntil = t + 40;
    soc -= (current * 10) / 3600 / capacityAh;
    rows.push(
      [
        t,
        (voltage + noise(0.004)).toFixed(3),
        (current + noise(0.006)).toFixed(3),
        (temperature + noise(0.15)).toFixed(1),
      ].join(','),
    );
  }
  return `${rows.join('\n')}\n`;
}

writePdf(path.join(here, 'datasheet.pdf'));
fs.writeFileSync(path.join(here, 'telemetry.csv'), telemetry());

// ---------------------------------------------------------------------------------------------------
// tvac-plot.png: the pack temperature of telemetry.csv as a 320 x 160 line plot (the image an issue
// description shows). A minimal PNG: 8-bit greyscale, one IDAT, zlib from Node, CRC-32 computed here.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function plotPng(width = 320, height = 160) {
  const pixels = Buffer.alloc(width * height, 255);
  const set = (x, y) => {
    if (x >= 0 && x < width && y >= 0 && y < height) pixels[y * width + x] = 0;
  };
  for (let x = 10; x < width - 5; x++) set(x, height - 10); // time axis
  for (let y = 5; y < height - 10; y++) set(10, y); // temperature axis
  let last;
  for (let x = 11; x < width - 5; x++) {
    const t = ((x - 11) / (width - 16)) * 3600;
    const temperature = -24 + 46 * Math.exp(-t / 1300); // as telemetry.csv, without the noise
    const y = Math.round(5 + ((22 - temperature) / 46) * (height - 20));
    for (let yy = Math.min(y, last ?? y); yy <= Math.max(y, last ?? y); yy++) set(x, yy);
    last = y;
  }
  const rows = [];
  for (let y = 0; y < height; y++) rows.push(Buffer.from([0]), pixels.subarray(y * width, (y + 1) * width));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

fs.writeFileSync(path.join(here, 'tvac-plot.png'), plotPng());
