// The issues benchmark's data (bench/issues.mjs): N issues and 2N comments generated inside the
// database by `INSERT … SELECT … FROM generate_series` (a set-returning function like unnest: no row
// crosses the wire, nothing goes through the API), with the secondary indexes dropped during the load
// and built afterwards, as a bulk load is done: building a GIN index once is several times faster than
// growing it row by row.
//
// Shape: created_at spread evenly over the last two years; status 40% open, 20% in_progress, 30%
// resolved, 10% rejected; priority 50% low, 35% medium, 15% high, independent of status (so
// status=open&priority=low matches 20%: 200,000 of 1M, deep enough for offset 100,000). The word
// SEARCH_WORD is in the description of 0.5% of issues and in comments on about 0.5% more.

export const SEARCH_WORD = 'cryocooler';

const pick = (words, expr) =>
  `(ARRAY[${words.map((w) => `'${w}'`).join(',')}])[(${expr}) % ${words.length} + 1]`;

const SUBSYSTEM = pick(['thermal', 'power', 'comms', 'software', 'mechanical', 'payload'], 'i');
const SYMPTOM = pick(['anomaly', 'failure', 'drift', 'overshoot', 'dropout', 'noise', 'fault'], 'i / 6');
const PHASE = pick(['bring-up', 'vibration test', 'TVAC cycle', 'burn-in', 'integration'], 'i / 42');

/** $1: N, $2: the author's e-mail, $3: the author's user id. */
export const INSERT_ISSUES = `
  INSERT INTO issues (id, title, description, description_text, status, priority, tags, owner,
                      created_by, creator_id, closed_at, created_at, updated_at)
  SELECT gen_random_uuid(), t.title,
         jsonb_build_array(jsonb_build_object('type', 'paragraph',
           'text', jsonb_build_array(jsonb_build_object('text', t.body)))),
         t.body, t.status, t.priority,
         CASE WHEN i % 3 = 0 THEN ARRAY['tvac'] WHEN i % 3 = 1 THEN ARRAY['tvac', 'thermal'] ELSE '{}' END,
         'owner-' || (i % 50), $2, $3,
         CASE WHEN t.status IN ('resolved', 'rejected')
              THEN least(t.created + (i % 30) * interval '1 day', now()) END,
         t.created, t.created
    FROM generate_series(1, $1::int) AS i,
    LATERAL (SELECT
      now() - interval '730 days' * (1 - i::float8 / $1::int) AS created,
      CASE WHEN i % 10 < 4 THEN 'open' WHEN i % 10 < 6 THEN 'in_progress'
           WHEN i % 10 < 9 THEN 'resolved' ELSE 'rejected' END AS status,
      CASE WHEN (i / 10) % 20 < 10 THEN 'low' WHEN (i / 10) % 20 < 17 THEN 'medium' ELSE 'high' END AS priority,
      initcap(${SUBSYSTEM}) || ' ' || ${SYMPTOM} || ' in unit ' || (i % 997) AS title,
      'During ' || ${PHASE} || ' the ' || ${SUBSYSTEM} || ' subsystem showed ' || ${SYMPTOM} ||
        ' at ' || (i % 120) || ' C; telemetry in log ' || i ||
        CASE WHEN i % 200 = 13 THEN '; the ${SEARCH_WORD} stalled' ELSE '' END ||
        '. Operators repeated the step and recorded the readings.' AS body) AS t`;

/** Two comments per issue; $1: the author's e-mail, $2: the author's user id. */
export const INSERT_COMMENTS = `
  INSERT INTO issue_comments (id, issue_id, author_id, created_by, content, created_at, updated_at)
  SELECT gen_random_uuid(), x.id, $2, $1,
         'Checked the ' || ${pick(['harness', 'connector', 'heater', 'sensor', 'firmware'], 'x.n + k')} ||
           ' again (' || k || '); ' ||
           CASE WHEN (x.n * 2 + k) % 400 = 17 THEN 'the ${SEARCH_WORD} current looks high' ELSE 'no change seen' END,
         x.created_at + k * interval '1 hour', x.created_at + k * interval '1 hour'
    FROM (SELECT id, created_at, row_number() OVER () AS n FROM issues) AS x,
         generate_series(1, 2) AS k`;

/** The secondary indexes of the issue tables (primary keys stay), so a bulk load can drop and rebuild them. */
const INDEXES = `SELECT indexname, indexdef FROM pg_indexes
  WHERE tablename IN ('issues', 'issue_comments') AND indexname NOT LIKE '%_pkey'`;

/**
 * Loads the data with `query(text, values)` (pg's client or PGlite's); returns the seconds each step
 * took. The indexes are rebuilt from their own definitions, so whatever the migrations declare is
 * what is measured.
 */
export async function loadIssues(query, { n, email }) {
  const user = (await query('SELECT id FROM users WHERE email = $1', [email])).rows[0];
  if (!user) throw new Error(`no user ${email}: create the bench token first`);
  const timings = {};
  const timed = async (name, work) => {
    const t0 = process.hrtime.bigint();
    await work();
    timings[name] = Number(process.hrtime.bigint() - t0) / 1e9;
  };
  const indexes = (await query(INDEXES)).rows;
  for (const ix of indexes) await query(`DROP INDEX ${ix.indexname}`);
  await timed('issues', () => query(INSERT_ISSUES, [n, email, user.id]));
  await timed('comments', () => query(INSERT_COMMENTS, [email, user.id]));
  await timed('indexes', async () => {
    for (const ix of indexes) await query(ix.indexdef);
  });
  // The visibility map lets count(*) and deep offsets read indexes alone; a bulk load leaves it empty.
  await timed('vacuum', () => query('VACUUM ANALYZE issues, issue_comments'));
  return timings;
}
