// The test-run search benchmark's data (bench/test-runs-search.mjs): one system with N runs x 20 cards
// x 10 steps, generated inside the database by INSERT … SELECT like bench/test-runs-data.mjs, but with
// text worth searching. Each step's title is one of 40 procedure steps; its description names one of
// 12 subsystems, one of 8 quantities ("voltage" in 1 step of 8: the COMMON term, ~250,000 steps at
// 10,000 runs) and one of 6 temperatures; 1 step in 1,000 adds "brownout seen on the 28 V bus" (the
// RARE term, ~2,000 steps) and 1 in 10,000 "regulator MPN TLV75533" (the PART number, ~200 steps).
//
// The search documents are built as migration test_run_search_triggers builds them for rows already
// there: the component tables are loaded with their search triggers disabled, then the migrations' own
// backfill statements run (documents, then the per-run term counts), with the GIN index and the
// terms' key dropped first and rebuilt after, each step timed.
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

export const CARDS = 20;
export const STEPS = 10;

const hash01 = (expr) =>
  `((hashint4(((${expr})::bigint % 2147483647)::int) & 2147483647)::float8 / 2147483648.0)`;
const pick = (list, expr) =>
  `(ARRAY[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}])[1 + floor(${hash01(expr)} * ${list.length})::int]`;

const CARD_TITLES = [
  'Bake-out',
  'Thermal cycling',
  'Functional test',
  'Sine vibration',
  'Random vibration',
  'Shock',
  'EMC conducted emissions',
  'EMC radiated emissions',
  'Power-on reset',
  'Battery charge',
  'Reaction wheel spin-up',
  'Star tracker alignment',
  'Radio link budget',
  'Deployment',
  'Leak test',
  'Mass properties',
  'Harness continuity',
  'Software load',
  'Safe mode entry',
  'Day in the life',
];
const STEP_TITLES = [
  'Soak at -40 °C',
  'Soak at +85 °C',
  'Power on',
  'Power off',
  'Measure rail current',
  'Check telemetry',
  'Sine sweep 5-2000 Hz',
  'Resonance search',
  'Record housekeeping',
  'Verify LPSPI0 traffic',
  'Inspect J3.2',
  'Charge to 8.4 V',
  'Discharge at 2 A',
  'Spin up to 3000 rpm',
  'Spin down',
  'Command safe mode',
  'Upload image',
  'Verify checksum',
  'Deploy antenna',
  'Measure leak rate',
  'Weigh unit',
  'Measure CoG',
  'Ping all nodes',
  'Sweep transmitter',
  'Measure EIRP',
  'Receive beacon',
  'Align boresight',
  'Capture star field',
  'Cold start',
  'Warm start',
  'Check heater duty',
  'Read thermistors',
  'Hold at TVAC plateau',
  'Ramp chamber',
  'Pump down',
  'Backfill nitrogen',
  'Visual inspection',
  'Photograph unit',
  'Sign off',
  'Archive data',
];
const SUBSYSTEMS = [
  'EPS',
  'OBC',
  'ADCS',
  'TT&C',
  'payload',
  'thermal',
  'structure',
  'propulsion',
  'harness',
  'battery',
  'solar array',
  'radio',
];
const QUANTITIES = [
  'voltage',
  'current',
  'temperature',
  'ripple',
  'power',
  'resistance',
  'frequency',
  'pressure',
];
const TEMPS = ['-40C', '-20C', '0C', '+25C', '+60C', '+85C'];

const INSERT_RUNS = `
  INSERT INTO test_runs (id, system_id, run_number, title, description, created_by, created_at, updated_at)
  SELECT gen_random_uuid(), $2, i, 'Thermal-vacuum campaign ' || i, 'Qualification of flight unit ' || i, $3,
         now() - interval '365 days' * (1 - i::float8 / $1::int), now() - interval '365 days' * (1 - i::float8 / $1::int)
    FROM generate_series(1, $1::int) AS i`;

const INSERT_CARDS = `
  INSERT INTO test_cards (id, run_id, title, description, position, created_at, updated_at)
  SELECT gen_random_uuid(), r.id, (ARRAY[${CARD_TITLES.map((t) => `'${t}'`).join(', ')}])[c],
         'Procedure ' || c || ' of the campaign', c, r.created_at, r.created_at
    FROM test_runs r, generate_series(1, ${CARDS}) AS c`;

const INSERT_STEPS = `
  INSERT INTO test_steps (id, card_id, run_id, title, description, position, execution_status, created_at, updated_at)
  SELECT gen_random_uuid(), x.id, x.run_id, ${pick(STEP_TITLES, 'x.h')}, 'Check the ' || ${pick(SUBSYSTEMS, 'x.h + 11')}
         || ' ' || ${pick(QUANTITIES, 'x.h + 23')} || ' at ' || ${pick(TEMPS, 'x.h + 37')}
         || CASE WHEN ${hash01('x.h + 41')} < 0.001 THEN ', brownout seen on the 28 V bus' ELSE '' END
         || CASE WHEN ${hash01('x.h + 53')} < 0.0001 THEN ', regulator MPN TLV75533' ELSE '' END,
         s, 'passed', x.created_at, x.created_at
    FROM (SELECT c.id, c.run_id, c.created_at, s, hashtext(c.id::text)::bigint + s * 104729 AS h
            FROM test_cards c, generate_series(1, ${STEPS}) AS s) AS x`;

const TABLES = ['test_runs', 'test_cards', 'test_steps'];

/** The backfill a migration runs for rows already there: its last statement. */
function migrationBackfill(name) {
  const dir = path.join(root, 'src', 'db', 'migrations');
  const file = fs.readdirSync(dir).find((f) => f.endsWith(`_${name}.sql`));
  const statements = fs.readFileSync(path.join(dir, file), 'utf8').split('--> statement-breakpoint');
  return statements.at(-1).trim();
}

/** Loads a system and its runs with `query(text, values)`; answers the system id and timings (s). */
export async function loadSearchRuns(query, { n, email }) {
  const timings = {};
  const timed = async (name, work) => {
    const t0 = process.hrtime.bigint();
    await work();
    timings[name] = Number(process.hrtime.bigint() - t0) / 1e9;
  };
  const system = (
    await query(
      `INSERT INTO systems (id, name, created_by) VALUES (gen_random_uuid(), 'Search rover', $1) RETURNING id`,
      [email],
    )
  ).rows[0].id;
  await query('INSERT INTO test_run_counters (system_id, last_number) VALUES ($1, $2)', [system, n]);
  const gin = (
    await query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'test_run_search_documents_gin'`)
  ).rows[0].indexdef;
  for (const t of TABLES) await query(`ALTER TABLE ${t} DISABLE TRIGGER test_run_search_write`);
  try {
    await timed('runs', () => query(INSERT_RUNS, [n, system, email]));
    await timed('cards', () => query(INSERT_CARDS));
    await timed('steps', () => query(INSERT_STEPS));
  } finally {
    for (const t of TABLES) await query(`ALTER TABLE ${t} ENABLE TRIGGER test_run_search_write`);
  }
  await query('DROP INDEX test_run_search_documents_gin');
  await query(
    'ALTER TABLE test_run_search_terms DROP CONSTRAINT test_run_search_terms_lexeme_run_id_component_type_pk',
  );
  await query('ALTER TABLE test_run_search_documents DISABLE TRIGGER test_run_search_count');
  try {
    await timed('documents', () => query(migrationBackfill('test_run_search_triggers')));
  } finally {
    await query('ALTER TABLE test_run_search_documents ENABLE TRIGGER test_run_search_count');
  }
  await timed('terms', () => query(migrationBackfill('test_run_search_terms_triggers')));
  // The key as migration test_run_search_terms_covering leaves it, counts included: without them every
  // row a word finds is a heap visit, and the bench would time a server nobody runs.
  await timed('termsKey', () =>
    query(
      'ALTER TABLE test_run_search_terms ADD CONSTRAINT test_run_search_terms_lexeme_run_id_component_type_pk PRIMARY KEY (lexeme, run_id, component_type) INCLUDE (n_title, n_body)',
    ),
  );
  await timed('gin', () => query(gin));
  await timed('vacuum', () =>
    query(`VACUUM ANALYZE ${TABLES.join(', ')}, test_run_search_documents, test_run_search_terms`),
  );
  const counts = {};
  for (const t of [...TABLES, 'test_run_search_documents', 'test_run_search_terms'])
    counts[t] = Number((await query(`SELECT count(*) AS n FROM ${t}`)).rows[0].n);
  const sizes = (
    await query(`SELECT pg_total_relation_size('test_run_search_documents') AS total,
                        pg_relation_size('test_run_search_documents_gin') AS gin,
                        pg_total_relation_size('test_run_search_terms') AS terms`)
  ).rows[0];
  return {
    system,
    timings,
    counts,
    sizes: { total: Number(sizes.total), gin: Number(sizes.gin), terms: Number(sizes.terms) },
  };
}

/**
 * Steps written one INSERT (one transaction) at a time into one card, with the search triggers on
 * and off in alternating blocks so load changes hit both alike; answers steps per second of each.
 * The steps are deleted afterwards.
 */
export async function writeRates(query, { perSide = 1_000, block = 100 } = {}) {
  const card = (await query('SELECT id, run_id FROM test_cards ORDER BY id LIMIT 1')).rows[0];
  const seconds = { on: 0, off: 0 };
  let position = 1_000;
  const insert = `INSERT INTO test_steps (id, card_id, run_id, title, description, position)
                  VALUES (gen_random_uuid(), $1, $2, $3, $4, $5)`;
  for (let done = 0; done < perSide; done += block) {
    for (const side of ['on', 'off']) {
      if (side === 'off') await query('ALTER TABLE test_steps DISABLE TRIGGER test_run_search_write');
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < block; i++) {
        position++;
        await query(insert, [
          card.id,
          card.run_id,
          `Bench write ${position}`,
          `Check the EPS voltage at +25C, pass ${position}`,
          position,
        ]);
      }
      seconds[side] += Number(process.hrtime.bigint() - t0) / 1e9;
      if (side === 'off') await query('ALTER TABLE test_steps ENABLE TRIGGER test_run_search_write');
    }
  }
  await query(`DELETE FROM test_steps WHERE card_id = $1 AND position > 1000`, [card.id]);
  return { on: perSide / seconds.on, off: perSide / seconds.off, perSide };
}
