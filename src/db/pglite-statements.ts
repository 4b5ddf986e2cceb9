// Real prepared statements for drizzle's prepared queries on PGlite. drizzle's pglite driver ignores
// the name given to `.prepare(name)`: each execution re-sends the SQL through PGlite's `query`, which
// makes six separate calls into the WASM engine (parse, describe, bind, describe, execute, sync),
// parses and plans the statement again, and copies PGlite's whole parser table (318 types) into a new
// object to merge drizzle's timestamp parsers. Measured on GET /systems/{id}'s lookup, CPU per
// execution: 700 µs that way, 150 µs as a named statement executed in one call (bench/pglite-cost.mjs).
//
// How a prepared query is recognised without reaching into drizzle: it passes the same options object
// to `query` on every execution, while a one-off query builds a new one. On its second execution the
// SQL becomes a named statement (Parse once, then Bind/Describe/Execute/Sync in one buffer), with the
// parsers merged once. Anything else goes to PGlite's `query` unchanged, and transactions never pass
// here (drizzle runs them on PGlite's transaction object).
import { parse, protocol, type PGlite } from '@electric-sql/pglite';

type QueryOptions = NonNullable<Parameters<PGlite['query']>[2]>;
type Results = Awaited<ReturnType<PGlite['query']>>;

interface Statement {
  name: string;
  /** Parameter type OIDs from Describe, to serialise values as PGlite's `query` would. */
  paramTypes: number[];
}

/** Beyond this many distinct SQL texts, queries run unprepared: one-offs must not grow the session. */
const MAX_STATEMENTS = 200;

const { serialize } = protocol;
const describePortal = serialize.describe({ type: 'P' });
const executeAll = serialize.execute({});
const sync = serialize.sync();

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** `client` for drizzle: the same PGlite, with repeated prepared queries run as named statements. */
export function withNamedStatements(client: PGlite): PGlite {
  /** Options objects seen once: a second sighting means a prepared query. */
  const seen = new WeakSet<QueryOptions>();
  /** PGlite's parsers with the query's own merged in, once per options object. */
  const parsersFor = new WeakMap<QueryOptions, PGlite['parsers']>();
  const statements = new Map<string, Promise<Statement>>();
  let named = 0;

  /** Parse and Describe once per SQL text; a failed prepare is forgotten, so the next call retries. */
  function statementFor(text: string): Promise<Statement> {
    let statement = statements.get(text);
    if (!statement) {
      const name = `hwa_stmt_${++named}`;
      statement = client
        .execProtocolStream(
          concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), sync]),
          { syncToFs: false },
        )
        .then((messages) => ({ name, paramTypes: parse.parseDescribeStatementResults(messages) }));
      statement.catch(() => statements.delete(text));
      statements.set(text, statement);
    }
    return statement;
  }

  async function executeNamed(text: string, params: unknown[], options: QueryOptions): Promise<Results> {
    const { name, paramTypes } = await statementFor(text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = paramTypes[i]!;
      const serializer = options.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : (value as { toString(): string }).toString(); // as PGlite does
    });
    const messages = await client.execProtocolStream(
      concat([serialize.bind({ statement: name, values }), describePortal, executeAll, sync]),
      { syncToFs: false },
    );
    await client.syncToFs(); // as PGlite's query does after each statement outside a transaction
    let parsers = parsersFor.get(options);
    if (!parsers) {
      parsers = { ...client.parsers, ...options.parsers };
      parsersFor.set(options, parsers);
    }
    return parse.parseResults(messages, parsers, { rowMode: options.rowMode })[0] as Results;
  }

  async function query(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> {
    const prepared = options !== undefined && seen.has(options) && !options.blob;
    if (options && !prepared) seen.add(options);
    if (!prepared || (!statements.has(text) && statements.size >= MAX_STATEMENTS)) {
      return client.query(text, params, options);
    }
    // The locks PGlite's own `query` takes: never inside another caller's transaction or query.
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => executeNamed(text, params, options)),
    );
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      // PGlite keeps its state in private fields: its methods must run on the PGlite itself.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
