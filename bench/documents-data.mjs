// Inputs for bench/documents.mjs, all generated (no binary committed), deterministic from a seed:
// a long engineering PDF (pdf-lib, a devDependency: pure JS, no install script, Node 20), small
// CSV/Markdown/text documents, multipart bodies, and 100,000 seeded chunks with random unit vectors
// written straight into the database (embedding 100k chunks with the model would take ~30 minutes).
import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** mulberry32: the same documents every run, so runs compare. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];
const UNITS = [
  'power supply unit',
  'radio module',
  'flight computer',
  'battery pack',
  'motor controller',
  'sensor board',
  'GNSS receiver',
  'telemetry link',
  'thermal controller',
  'payload interface unit',
  'star tracker',
  'reaction wheel',
  'solar array driver',
  'harness',
  'backplane',
  'FPGA carrier',
];
const SIGNALS = [
  '28 V main bus',
  '5 V auxiliary rail',
  '3.3 V logic rail',
  'CAN bus',
  'RS-422 link',
  'SpaceWire port',
  'PPS signal',
  'I2C bus',
  'SPI bus',
  'Ethernet link',
  'discrete enable line',
];
const VERBS = [
  'supplies',
  'is powered from',
  'monitors',
  'connects to',
  'provides',
  'depends on',
  'drives',
  'reports to',
  'is protected by',
  'shares ground with',
];
const CLAUSES = [
  'within the qualification temperature range of -40 to +85 C',
  'under the worst-case load defined in the power budget',
  'during the launch vibration profile',
  'with a derating margin of 20 percent',
  'as verified in the thermal vacuum campaign',
  'after the latch-up protection trips',
  'at the end-of-life radiation dose',
  'in safe mode',
  'while the watchdog is armed',
  'unless the redundant chain has been selected',
];
const HEADINGS = [
  'Scope',
  'Architecture',
  'Power Distribution',
  'Data Handling',
  'Thermal Design',
  'Interfaces',
  'Failure Modes',
  'Verification',
  'Grounding and Bonding',
  'Software Interfaces',
  'Mechanical Integration',
  'Environmental Tests',
];

export function sentence(rnd) {
  const a = pick(rnd, UNITS);
  const b = pick(rnd, UNITS);
  const s = pick(rnd, SIGNALS);
  switch (Math.floor(rnd() * 5)) {
    case 0:
      return `The ${a} ${pick(rnd, VERBS)} the ${b} through the ${s} ${pick(rnd, CLAUSES)}.`;
    case 1:
      return `Requirement R-${100 + Math.floor(rnd() * 900)}: the ${a} shall draw less than ${(rnd() * 40 + 1).toFixed(1)} W from the ${s}.`;
    case 2:
      return `If the ${s} drops below ${(rnd() * 5 + 1).toFixed(2)} V for more than ${Math.floor(rnd() * 90 + 10)} ms, the ${a} switches to the redundant ${b}.`;
    case 3:
      return `Test T-${Math.floor(rnd() * 9000 + 1000)} measured ${(rnd() * 100).toFixed(1)} mA on the ${s} of the ${a} ${pick(rnd, CLAUSES)}.`;
    default:
      return `The ${a} and the ${b} exchange housekeeping frames over the ${s} every ${Math.floor(rnd() * 900 + 100)} ms.`;
  }
}

const paragraph = (rnd) => Array.from({ length: 3 + Math.floor(rnd() * 5) }, () => sentence(rnd)).join(' ');

function tableRows(rnd, count) {
  const rows = [['Ref', 'Part number', 'Description', 'Qty', 'Power (W)']];
  for (let i = 0; i < count; i++) {
    rows.push([
      `U${Math.floor(rnd() * 900 + 100)}`,
      `HW-${Math.floor(rnd() * 90000 + 10000)}-${pick(rnd, ['A', 'B', 'C'])}`,
      pick(rnd, UNITS),
      String(1 + Math.floor(rnd() * 8)),
      (rnd() * 20).toFixed(2),
    ]);
  }
  return rows;
}

/** Lines of at most `width` points in `font` at `size`, cut between words. */
function wrap(text, font, size, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A `pages`-page design description: a numbered heading (16 pt) per page, body paragraphs (10 pt),
 * and a parts table (monospaced columns) every third page. Returns the PDF's bytes.
 */
export async function makeEngineeringPdf(pages, seed = 11) {
  const rnd = prng(seed);
  const pdf = await PDFDocument.create();
  const body = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  for (let p = 1; p <= pages; p++) {
    const page = pdf.addPage([612, 792]);
    let y = 740;
    page.drawText(`${p}. ${pick(rnd, HEADINGS)} of the ${pick(rnd, UNITS)}`, {
      x: 56,
      y,
      size: 16,
      font: bold,
    });
    y -= 30;
    const withTable = p % 3 === 0;
    const bottom = withTable ? 260 : 60;
    while (y > bottom + 40) {
      for (const line of wrap(paragraph(rnd), body, 10, 500)) {
        if (y < bottom) break;
        page.drawText(line, { x: 56, y, size: 10, font: body });
        y -= 13;
      }
      y -= 10; // paragraph gap
    }
    if (withTable) {
      y = 240;
      for (const row of tableRows(rnd, 12)) {
        const cells = [
          row[0].padEnd(6),
          row[1].padEnd(12),
          row[2].padEnd(24),
          row[3].padStart(3),
          row[4].padStart(9),
        ];
        page.drawText(cells.join(' '), { x: 56, y, size: 9, font: mono });
        y -= 12;
      }
    }
  }
  return pdf.save();
}

/** A small document of 1-3 KB: CSV (a parts list), Markdown (sections) or plain text, in turn. */
export function smallDocument(i, rnd) {
  const target = 1024 + Math.floor(rnd() * 2048);
  switch (i % 3) {
    case 0: {
      const rows = tableRows(rnd, 200).map((r) => r.map((c) => (c.includes(',') ? `"${c}"` : c)).join(','));
      let text = '';
      for (const row of rows) {
        if (text.length + row.length + 1 > target) break;
        text += `${row}\n`;
      }
      return { name: `parts-${i}.csv`, type: 'text/csv', body: text };
    }
    case 1: {
      let text = `# ${pick(rnd, UNITS)} note ${i}\n\n`;
      while (text.length < target) text += `## ${pick(rnd, HEADINGS)}\n\n${paragraph(rnd)}\n\n`;
      return { name: `note-${i}.md`, type: 'text/markdown', body: text.slice(0, 3072) };
    }
    default: {
      let text = '';
      while (text.length < target) text += `${paragraph(rnd)}\n\n`;
      return { name: `memo-${i}.txt`, type: 'text/plain', body: text.slice(0, 3072) };
    }
  }
}

/** A multipart/form-data body with one `file` part per file. */
export function multipartBody(files) {
  const boundary = `----hwabench${randomUUID().replaceAll('-', '')}`;
  const parts = [];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      Buffer.isBuffer(f.body) ? f.body : Buffer.from(f.body),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function unitVector(rnd, dims = 512) {
  const v = new Float32Array(dims);
  let n = 0;
  for (let i = 0; i < dims; i++) n += (v[i] = rnd() * 2 - 1) ** 2;
  n = Math.sqrt(n);
  for (let i = 0; i < dims; i++) v[i] /= n;
  return v;
}

/**
 * Seeds `total` chunks with random unit vectors into `documents` copies of the document `templateId`
 * (a real upload, already embedded, so the copies carry its system and embedding model). Each vector
 * is written twice: as hwa stores it (float32 bytea, in `document_chunks`) and as `real[]` in the
 * bench-only table `bench_vectors`, for the SQL baseline over the very same vectors. `query(text,
 * params)` is the database's; batches of 1,000 rows keep each statement to a few MB.
 */
export async function seedChunks(query, { templateId, documents, total, seed = 7 }) {
  const rnd = prng(seed);
  const perDoc = Math.ceil(total / documents);
  const { rows } = await query(
    `INSERT INTO documents (id, system_id, attachment_id, name, kind, status, text, content, page_count,
       chunk_count, embedding_model, created_by)
     SELECT gen_random_uuid(), system_id, attachment_id, name || ' #' || g, kind, 'embedded', text, content,
       page_count, $2, embedding_model, created_by
     FROM documents, generate_series(1, $3::int) AS g WHERE id = $1
     RETURNING id`,
    [templateId, perDoc, documents],
  );
  const docIds = rows.map((r) => r.id);
  await query('CREATE TABLE IF NOT EXISTS bench_vectors (id uuid PRIMARY KEY, embedding real[] NOT NULL)');
  const filler = Array.from({ length: 4 }, () => paragraph(rnd))
    .join(' ')
    .slice(0, 600);
  for (let start = 0; start < total; start += 1000) {
    const ids = [];
    const docs = [];
    const indexes = [];
    const texts = [];
    const b64 = [];
    const literals = [];
    for (let k = start; k < Math.min(total, start + 1000); k++) {
      const v = unitVector(rnd);
      ids.push(randomUUID());
      docs.push(docIds[k % documents]);
      indexes.push(Math.floor(k / documents));
      texts.push(`Seeded chunk ${k}. ${filler}`);
      b64.push(Buffer.from(v.buffer).toString('base64'));
      literals.push(`{${Array.from(v, (x) => x.toPrecision(9)).join(',')}}`);
    }
    await query(
      `INSERT INTO document_chunks (id, document_id, index, text, location, embedding)
       SELECT id, d, i, t, jsonb_build_object('page', i + 1), decode(b, 'base64')
       FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::text[], $5::text[]) AS u(id, d, i, t, b)`,
      [ids, docs, indexes, texts, b64],
    );
    await query(
      `INSERT INTO bench_vectors (id, embedding) SELECT id, v::real[] FROM unnest($1::uuid[], $2::text[]) AS u(id, v)`,
      [ids, literals],
    );
  }
  await query('ANALYZE document_chunks');
  await query('ANALYZE bench_vectors');
  return docIds.length;
}

/** The baseline: the same exact scan with the dot product in SQL, over `real[]` (no pgvector here). */
export const SQL_SCAN = `SELECT id, (SELECT sum(a * b) FROM unnest(embedding, $1::real[]) AS t(a, b))::float8 AS score
  FROM bench_vectors ORDER BY score DESC LIMIT 10`;
