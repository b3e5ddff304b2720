import type { PGlite, Transaction } from "@electric-sql/pglite";
import {
  type CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from "kysely";

/**
 * Kysely over PGlite. PGlite is one connection; Kysely transactions are mapped onto
 * `pglite.transaction()`, which holds PGlite's exclusive lock, so concurrent transactions
 * queue instead of interleaving (kysely-pglite loses rows under that load).
 */
const ROLLBACK = Symbol("rollback");

class PGliteConnection implements DatabaseConnection {
  #tx: Transaction | undefined;
  #finish: ((commit: boolean) => void) | undefined;
  #done: Promise<void> | undefined;

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.#tx ?? this.pglite;
    // The job engine writes a flow of jobs as several statements without parameters (in our
    // transaction, through pg-boss's Kysely adapter): those run as one simple query, as they
    // do on node-postgres.
    if (query.queryId.queryId === "pgboss" && query.parameters.length === 0) {
      const results = await target.exec(query.sql, { rowMode: "object" });
      return { rows: results.flatMap((r) => r.rows as R[]) };
    }
    const result = await target.query<R>(query.sql, query.parameters as unknown[], {
      rowMode: "object",
    });
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming queries are not supported on PGlite.");
  }

  async begin(): Promise<void> {
    await new Promise<void>((started, failed) => {
      let didStart = false;
      this.#done = this.pglite
        .transaction(async (tx) => {
          this.#tx = tx;
          didStart = true;
          started();
          const commit = await new Promise<boolean>((r) => (this.#finish = r));
          // Throwing makes PGlite roll back and release its lock.
          if (!commit) throw ROLLBACK;
        })
        .then(
          () => undefined,
          (error: unknown) => {
            if (error === ROLLBACK) return;
            if (!didStart) failed(error instanceof Error ? error : new Error(String(error)));
            else throw error;
          },
        );
    });
  }

  async end(commit: boolean): Promise<void> {
    const done = this.#done;
    this.#finish?.(commit);
    this.#tx = undefined;
    this.#finish = undefined;
    this.#done = undefined;
    await done;
  }
}

class PGliteDriver implements Driver {
  constructor(private readonly pglite: PGlite) {}
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteConnection(this.pglite);
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).begin();
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end(true);
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end(false);
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
