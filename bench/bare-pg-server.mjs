// The floor for `GET /api/v1/systems/{id}` on PostgreSQL: a bare Fastify 5 app (no logger, no hooks,
// no auth) that runs hwa's own prepared SELECT of the system row through `pg` and answers the same
// JSON through the same response schema. Whatever hwa costs beyond this route is ours: one database
// round trip per request is the least the real route can do. Run by bench/get-system.mjs as a child
// process, so it never shares an event loop with the load generator.
//
// Env: DATABASE_URL (the database hwa serves), PORT (required), HOST (default 127.0.0.1),
// HWA_DB_POOL_SIZE (default 10, as hwa's).
import Fastify from 'fastify';
import { openPostgres } from '../dist/db/client.js';
import { prepareFindLiveSystem } from '../dist/modules/systems/systems.repository.js';
import { SystemSchema } from '../dist/modules/systems/systems.schemas.js';

const url = process.env.DATABASE_URL;
const port = Number(process.env.PORT);
if (!url || !Number.isInteger(port) || port <= 0) {
  process.stderr.write('bare-pg-server: DATABASE_URL and PORT are required\n');
  process.exit(2);
}

// The SQL text hwa's repository sends, captured from its first execution, so the two cannot drift.
const { db, pool } = openPostgres(url, Number(process.env.HWA_DB_POOL_SIZE ?? 10));
let captured;
const send = pool.query.bind(pool);
pool.query = (config, values) => {
  captured ??= { name: config.name, text: config.text, values };
  return send(config, values);
};
await prepareFindLiveSystem(db)('00000000-0000-7000-8000-000000000000');
pool.query = send;
if (!captured?.text || !captured.name) throw new Error('did not capture a named statement from hwa');
/** hwa's parameters after the id (is_deleted = false, limit 1). */
const { name, text } = captured;
const otherValues = captured.values.slice(1);

const app = Fastify({ logger: false });
app.get('/api/v1/systems/:system_id', { schema: { response: { 200: SystemSchema } } }, async (req, reply) => {
  const { rows } = await pool.query({ name, text, values: [req.params.system_id, ...otherValues] });
  const row = rows[0];
  if (!row) return reply.code(404).send({ status: 404 });
  return {
    system_id: row.id,
    system_name: row.name,
    description: row.description,
    has_blueprints: row.has_blueprints,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    is_deleted: row.is_deleted,
  };
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    app
      .close()
      .then(() => pool.end())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}

await app.listen({ host: process.env.HOST ?? '127.0.0.1', port });
process.stdout.write(`${JSON.stringify({ listening: port, statement: name })}\n`);
