import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import {
  AliasNode,
  CommonTableExpressionNameNode,
  DeleteQueryNode,
  InsertQueryNode,
  RawNode,
  ReferenceNode,
  TableNode,
  UpdateQueryNode,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type OperationNode,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import createSubscriber from "pg-listen";
import type { Database } from "./types";

/**
 * Tables whose every change, by any writer in any process, the feed hears: a statement-level
 * trigger on each NOTIFYs `table_change` with the table's name in the writing transaction
 * (delivered at commit; migration 2026-11-28-1000). A cache keeps an answer only while every
 * table its build read is watched and unchanged (`readsOf`, `unchangedSince`), so a table
 * missing here leaves the answer uncached, never stale; `cache-dependencies.test.ts` fails on it.
 */
export const WATCHED_TABLES: ReadonlySet<string> = new Set([
  "session",
  "user",
  "content_item",
  "app_setting",
  "example",
]);

/**
 * Reference data: personas, industries, stages, the company catalogue. Their triggers bump the
 * version row and NOTIFY `reference_version` (migration 1300): a change to any counts as a
 * change to all of them.
 */
export const REFERENCE_TABLES: ReadonlySet<string> = new Set([
  "persona",
  "industry",
  "buying_stage",
  "company_profile",
  "key_metric",
  "solution",
  "offer",
]);

/** The channel the watched tables' triggers NOTIFY, with the table's name as the payload. */
const TABLE_CHANNEL = "table_change";
const REFERENCE_CHANNEL = "reference_version";

/** True when the feed hears every change to `table`, whoever writes it. */
export function isWatched(table: string): boolean {
  return WATCHED_TABLES.has(table) || REFERENCE_TABLES.has(table);
}

/**
 * Channels whose payload names what changed (a trigger sends it), delivered to subscribers:
 * `kit_progress` carries a campaign kit's id whenever the kit or one of its steps changes.
 */
export const PAYLOAD_CHANNELS = ["kit_progress"] as const;
export type PayloadChannel = (typeof PAYLOAD_CHANNELS)[number];

/**
 * Numbers every change heard, for caches that keep an answer only while the tables it was read
 * from are unchanged. A cache takes `now()` BEFORE it reads and keeps what it read under that
 * number: a change that commits during the read is numbered after it, so the entry is never used.
 *
 * Changes are heard two ways. Writes through this process's own Kysely instance are numbered
 * as soon as they commit (`watchWrites` below), before the writing request answers:
 * deterministic on both databases. Every other writer (another instance on the same PostgreSQL,
 * a script, a cascade) is heard through the triggers' NOTIFY: on the embedded PGlite, the only
 * process on its database, notifications are delivered in process when the writing statement
 * returns; on PostgreSQL a dedicated LISTEN connection receives them, normally within a
 * millisecond of the commit. While that connection is not (yet, or no longer) listening, `now()`
 * is null and the caches read the database on every request; when it is back, every table
 * counts as changed, so nothing read before is trusted.
 */
export class ChangeFeed {
  /** The PostgreSQL application_name of the listening connection (to tell it apart). */
  readonly listenerName = `content-studio changes ${randomBytes(4).toString("hex")}`;
  /** The number of the latest change heard. */
  #clock = 0;
  /** Each table's latest change. */
  readonly #changedAt = new Map<string, number>();
  /** The latest change that counts for every table (raw SQL that may write, a reconnect). */
  #allChangedAt = 0;
  #live = false;
  #closed = false;
  #stop: (() => Promise<void>) | undefined;
  readonly #subscribers = new Map<PayloadChannel, Set<(payload: string) => void>>();

  /** Calls `listener` with each notification's payload on the channel; returns unsubscribe. */
  subscribe(channel: PayloadChannel, listener: (payload: string) => void): () => void {
    let set = this.#subscribers.get(channel);
    if (!set) this.#subscribers.set(channel, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  #deliver(channel: PayloadChannel, payload: string): void {
    for (const listener of this.#subscribers.get(channel) ?? []) {
      try {
        listener(payload);
      } catch {
        // A subscriber's failure is its own.
      }
    }
  }

  /** The number of the latest change heard, or null while changes could go unheard (do not cache). */
  now(): number | null {
    return this.#live ? this.#clock : null;
  }

  /** The number of the latest change to any of `tables`, or null while not live. */
  lastChange(tables: Iterable<string>): number | null {
    if (!this.#live) return null;
    let latest = this.#allChangedAt;
    for (const table of tables) latest = Math.max(latest, this.#changedAt.get(table) ?? 0);
    return latest;
  }

  /**
   * True while what was read from `tables` at `since` (a `now()`) still holds: the feed is live,
   * every table is watched and none changed after it.
   */
  unchangedSince(tables: Iterable<string>, since: number): boolean {
    if (!this.#live || this.#allChangedAt > since) return false;
    for (const table of tables) {
      if (!isWatched(table) || (this.#changedAt.get(table) ?? 0) > since) return false;
    }
    return true;
  }

  /** True while every change is heard. */
  get live(): boolean {
    return this.#live;
  }

  /** Records that these tables changed (a committed write of this process). */
  tablesChanged(tables: ReadonlySet<string>): void {
    if (tables === EVERY_TABLE) return this.#changeAll();
    const at = ++this.#clock;
    for (const table of tables) this.#changedAt.set(table, at);
  }

  #tableChanged(table: string): void {
    this.#changedAt.set(table, ++this.#clock);
  }

  #referenceChanged(): void {
    const at = ++this.#clock;
    for (const table of REFERENCE_TABLES) this.#changedAt.set(table, at);
  }

  #changeAll(): void {
    this.#allChangedAt = ++this.#clock;
  }

  /** Hears the embedded PGlite's notifications (delivered in process, at commit). */
  async listenPglite(pglite: PGlite): Promise<void> {
    const stops = await Promise.all([
      pglite.listen(TABLE_CHANNEL, (table) => this.#tableChanged(table)),
      pglite.listen(REFERENCE_CHANNEL, () => this.#referenceChanged()),
      ...PAYLOAD_CHANNELS.map((channel) =>
        pglite.listen(channel, (payload) => this.#deliver(channel, payload)),
      ),
    ]);
    this.#stop = async () => {
      if (pglite.closed) return;
      await Promise.all(stops.map((stop) => stop().catch(() => undefined)));
    };
    this.#changeAll();
    this.#live = !this.#closed;
  }

  /**
   * Listens on a dedicated PostgreSQL connection (pg-listen: it reconnects when the connection
   * drops, or when a check query on it fails, and LISTENs again). The feed is live only once a
   * notification this connection sends to itself has come back since it last (re)connected, and
   * stops being live when one does not come back within `probeEveryMs` (a transaction-mode pooler
   * between us and the server, a stuck connection) or the connection is lost. Whatever changed
   * while nobody listened is unknown, so going live moves every count. Resolves once live, or
   * after `firstWaitMs` if the first connection is slow or fails (the caches stay off till then).
   */
  async listenPostgres(
    connectionString: string,
    options: {
      firstWaitMs?: number;
      /** How often the connection checks that notifications still reach it. */
      probeEveryMs?: number;
      onError?: (error: Error) => void;
    } = {},
  ): Promise<void> {
    const probeEveryMs = options.probeEveryMs ?? 5_000;
    const probeChannel = `content_studio_probe_${this.listenerName.slice(-8)}`;
    const subscriber = createSubscriber(
      // A check query that gets no answer within this time counts as a lost connection.
      { connectionString, application_name: this.listenerName, query_timeout: 2 * probeEveryMs },
      {
        paranoidChecking: probeEveryMs,
        // Retry for ever, backing off to 10 s; a closed feed stops at the next failed attempt.
        retryLimit: Infinity,
        retryTimeout: 0,
        retryInterval: (attempt) => {
          if (this.#closed) throw new Error("the change feed is closed");
          return Math.min(250 * 2 ** attempt, 10_000);
        },
        // Payloads are plain text (a table's name, a kit's id), not JSON.
        parse: (payload) => payload,
        serialize: (payload) => String(payload),
      },
    );
    // The number of the probe last sent, when, and whether it came back.
    let probeSent = 0;
    let probeSentAt = 0;
    let probeHeard = true;
    let becameLive: (() => void) | undefined;
    const firstLive = new Promise<void>((resolve) => (becameLive = resolve));
    const sendProbe = () => {
      probeSent += 1;
      probeSentAt = Date.now();
      probeHeard = false;
      subscriber.notify(probeChannel, probeSent).catch(() => {
        // Not connected (pg-listen is reconnecting) or the query timed out: not live.
        this.#live = false;
      });
    };
    subscriber.notifications.on(probeChannel, (payload: string) => {
      if (Number(payload) !== probeSent || this.#closed) return;
      probeHeard = true;
      if (!this.#live) {
        this.#changeAll();
        this.#live = true;
        becameLive?.();
      }
    });
    subscriber.notifications.on(TABLE_CHANNEL, (table: string) => this.#tableChanged(table));
    subscriber.notifications.on(REFERENCE_CHANNEL, () => this.#referenceChanged());
    for (const channel of PAYLOAD_CHANNELS) {
      subscriber.notifications.on(channel, (payload: string | undefined) =>
        this.#deliver(channel, payload ?? ""),
      );
    }
    subscriber.events.on("reconnect", (attempt) => {
      this.#live = false;
      probeSent += 1; // a probe sent before the loss no longer counts
      if (attempt === 1 && !this.#closed) {
        options.onError?.(new Error("the listening connection was lost; reconnecting"));
      }
    });
    subscriber.events.on("error", (error) => {
      if (!this.#closed) options.onError?.(error);
    });
    // One at a time (pg deprecates overlapping queries on a client). On a reconnect pg-listen
    // has LISTENed again already, and listenTo does nothing.
    const listenAll = async () => {
      for (const channel of [TABLE_CHANNEL, REFERENCE_CHANNEL, ...PAYLOAD_CHANNELS, probeChannel]) {
        await subscriber.listenTo(channel);
      }
    };
    subscriber.events.on("connected", () => {
      // pg-listen reconnects once more after close() if it was reconnecting then.
      if (this.#closed) return void subscriber.close().catch(() => undefined);
      void listenAll().then(sendProbe, (error: Error) => options.onError?.(error));
    });
    const probe = setInterval(() => {
      if (!probeHeard && Date.now() - probeSentAt >= probeEveryMs) {
        // A notification sent to the listening connection did not arrive: changes could go unheard.
        this.#live = false;
      }
      if (probeHeard || !this.#live) sendProbe();
    }, probeEveryMs);
    probe.unref();
    this.#stop = async () => {
      clearInterval(probe);
      await subscriber.close().catch(() => undefined);
    };
    // A first connection that fails is retried by pg-listen (its client's "end" event).
    subscriber.connect().catch((error: Error) => options.onError?.(error));
    await Promise.race([
      firstLive,
      new Promise<void>((resolve) => setTimeout(resolve, options.firstWaitMs ?? 5_000).unref()),
    ]);
  }

  /** Stops listening; the caches read the database from now on. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#live = false;
    await this.#stop?.();
  }
}

const feeds = new WeakMap<Kysely<Database>, ChangeFeed>();

/** Records the feed of a database opened by openDatabase. */
export function registerChangeFeed(db: Kysely<Database>, feed: ChangeFeed): void {
  feeds.set(db, feed);
}

/** The database's change feed, or undefined (a Kysely instance not from openDatabase: no caching). */
export function changeFeedOf(db: Kysely<Database>): ChangeFeed | undefined {
  return feeds.get(db);
}

/**
 * Wraps a dialect so that every committed INSERT, UPDATE or DELETE through it reports its table
 * to `feed`: at once outside a transaction, after COMMIT inside one (a rollback reports nothing
 * it did not already). Raw SQL that may write counts as a change to every watched table.
 */
export function watchWrites(dialect: Dialect, feed: ChangeFeed): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new WatchingDriver(dialect.createDriver(), feed),
  };
}

class WatchingConnection implements DatabaseConnection {
  /** Tables written in the open transaction; undefined outside one. */
  pending: Set<string> | undefined;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly feed: ChangeFeed,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const reading = recording.getStore();
    if (reading) for (const table of readTables(query.query)) reading.add(table);
    const tables = writtenTables(query.query, query.sql);
    if (!tables) return this.inner.executeQuery<R>(query);
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      // Reported even when the statement failed: a spurious change only drops cached answers.
      if (this.pending) for (const table of tables) this.pending.add(table);
      else this.feed.tablesChanged(tables);
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class WatchingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly feed: ChangeFeed,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WatchingConnection(await this.inner.acquireConnection(), this.feed);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const watching = connection as WatchingConnection;
    await this.inner.beginTransaction(watching.inner, settings);
    watching.pending = new Set();
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#end(connection, (inner) => this.inner.commitTransaction(inner));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#end(connection, (inner) => this.inner.rollbackTransaction(inner));
  }

  /** Ends the transaction with `end`, then tells the feed which tables it changed, if any. */
  async #end(
    connection: DatabaseConnection,
    end: (inner: DatabaseConnection) => Promise<void>,
  ): Promise<void> {
    const watching = connection as WatchingConnection;
    try {
      await end(watching.inner);
    } finally {
      this.#settle(watching);
    }
  }

  #settle(connection: WatchingConnection): void {
    const tables = connection.pending;
    connection.pending = undefined;
    if (tables && tables.size > 0) this.feed.tablesChanged(tables);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as WatchingConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** Stands for "any table" in what a raw statement may have written. */
const EVERY_TABLE: ReadonlySet<string> = new Set(["(any table)"]);

/** Raw SQL that is not plainly a read: it may write anything. */
const RAW_WRITE =
  /^\s*(insert|update|delete|merge|truncate|alter|drop|create|copy|call|do|with)\b/i;

/** A raw statement that writes one table it names first (schema-qualified: not matched). */
const PLAIN_WRITE =
  /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?(?=[\s(]|$)/i;

/**
 * The tables an INSERT, UPDATE or DELETE writes; every watched table for raw SQL that may
 * write; undefined for reads.
 */
function writtenTables(node: OperationNode, sqlText: string): ReadonlySet<string> | undefined {
  if (RawNode.is(node)) {
    if (!RAW_WRITE.test(sqlText)) return undefined;
    // One plain INSERT, UPDATE or DELETE names its table; anything else may write anything.
    const target = PLAIN_WRITE.exec(sqlText);
    return target ? new Set([target[1]!.toLowerCase()]) : EVERY_TABLE;
  }
  let targets: readonly OperationNode[] | undefined;
  if (InsertQueryNode.is(node)) targets = [node.into].filter((t) => t !== undefined);
  else if (UpdateQueryNode.is(node)) targets = node.table ? [node.table] : [];
  else if (DeleteQueryNode.is(node)) targets = node.from.froms;
  if (!targets) return undefined;
  const names = new Set<string>();
  for (const target of targets) {
    const table = AliasNode.is(target) ? target.node : target;
    if (TableNode.is(table)) names.add(table.table.identifier.name);
  }
  return names;
}

const recording = new AsyncLocalStorage<Set<string>>();

/**
 * Runs `work` and answers, with its value, the tables every query it ran through a watched
 * Kysely instance names (`readTables`): what an answer built by `work` depends on.
 */
export async function readsOf<T>(
  work: () => Promise<T>,
): Promise<{ value: T; tables: Set<string> }> {
  const tables = new Set<string>();
  const value = await recording.run(tables, work);
  return { value, tables };
}

/** The names after FROM and JOIN in SQL text (not a subquery's parenthesis, not a function call). */
const NAMED_IN_TEXT = /\b(?:from|join)\s+"?([a-z_][a-z0-9_$]*)\b"?(?!\s*\()/gi;

/**
 * The tables a compiled query names, from Kysely's operation tree: every table in a FROM,
 * JOIN, subquery, CTE body or write target, and every name after FROM or JOIN in SQL text,
 * without the names of its CTEs and never a column reference's table (an alias).
 */
export function readTables(node: OperationNode): Set<string> {
  const tables = new Set<string>();
  const ctes = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== "object" || value === null || !("kind" in value)) return;
    const current = value as OperationNode;
    if (ReferenceNode.is(current)) return;
    if (TableNode.is(current)) {
      tables.add(current.table.identifier.name);
      return;
    }
    if (CommonTableExpressionNameNode.is(current)) {
      ctes.add(current.table.table.identifier.name);
      return;
    }
    if (RawNode.is(current)) {
      // SQL text: every name after FROM or JOIN counts as a table read (a schema-qualified
      // name counts as its schema, which nothing watches: such an answer is never kept).
      for (const text of current.sqlFragments) {
        for (const match of text.matchAll(NAMED_IN_TEXT)) tables.add(match[1]!.toLowerCase());
      }
    }
    for (const child of Object.values(current)) visit(child);
  };
  visit(node);
  for (const name of ctes) tables.delete(name);
  return tables;
}
