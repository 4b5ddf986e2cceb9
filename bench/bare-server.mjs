// The ceiling for `GET /api/v1/systems/{id}`: a bare Fastify 5 app (no logger, no hooks, no auth, no
// database) answering the same JSON from memory through the same response schema. Run by bench/run.mjs
// as a child process, so it never shares an event loop with the load generator.
//
// Env: BARE_BODY (the JSON object to answer), PORT (required), HOST (default 127.0.0.1).
import Fastify from 'fastify';
import { SystemSchema } from '../dist/modules/systems/systems.schemas.js';

const body = JSON.parse(process.env.BARE_BODY ?? 'null');
const port = Number(process.env.PORT);
if (!body || typeof body !== 'object' || !Number.isInteger(port) || port <= 0) {
  process.stderr.write('bare-server: BARE_BODY (a JSON object) and PORT are required\n');
  process.exit(2);
}

const app = Fastify({ logger: false });
app.get('/api/v1/systems/:system_id', { schema: { response: { 200: SystemSchema } } }, async () => body);

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ host: process.env.HOST ?? '127.0.0.1', port });
process.stdout.write(`${JSON.stringify({ listening: port })}\n`);
