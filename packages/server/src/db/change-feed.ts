import { randomBytes } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import {
  AliasNode,
  DeleteQueryNode,
  InsertQueryNode,
  RawNode,
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
import pg from "pg";
import type { Database } from "./types";

/**
 * What in-process caches depend on, and the tables behind each. Statement-level triggers on
 * these tables NOTIFY the channel's name in the writing transaction (delivered at commit);
 * migrations 1300 (reference), 1600 (auth, examples), 1700 (library) and 2100 (settings)
 * create them.
 */
export const CHANGE_CHANNELS = {
  /** Sessions and their users: the session cache. */
  auth_change: ["session", "user"],
  /** Example rows: cached example list answers. */
  examples_change: ["example"],
  /**
   * Content items, and the organisation's settings (each row's `can` follows whether authors
   * may approve their own items): cached library list answers.
   */
  library_change: ["content_item", "app_setting"],
  /** Reference data: personas, industries, stages, the company catalogue. */
  reference_version: [
    "persona",
    "industry",
    "buying_stage",
    "company_profile",
    "key_metric",
    "solution",
    "offer",
  ],
} as const satisfies Record<string, readonly string[]>;

export type ChangeChannel = keyof typeof CHANGE_CHANNELS;

const CHANNELS = Object.keys(CHANGE_CHANNELS) as ChangeChannel[];

/**
 * Channels whose payload names what changed (a trigger sends it), delivered to subscribers:
 * `kit_progress` carries a campaign kit's id whenever the kit or one of its steps changes.
 */
export const PAYLOAD_CHANNELS = ["kit_progress"] as const;
export type PayloadChannel = (typeof PAYLOAD_CHANNELS)[number];

/**
 * Counts the changes to each channel's tables, for caches that keep an answer only while the
 * count it was read under is unchanged. A cache takes `generation()` BEFORE it reads, and keeps
 * what it read under that number: a change that commits during the read moves the count, so
 * the entry is never used.
 *
 * Changes are heard two ways. Writes through this process's own Kysely instance move the count
 * as soon as they commit (`watchWrites` below), before the writing request answers: deterministic
 * on both databases. Every other writer (another instance on the same PostgreSQL, a script,
 * a cascade) is heard through the triggers' NOTIFY: on the embedded PGlite, the only process on
 * its database, notifications are delivered in process when the writing statement returns; on
 * PostgreSQL a dedicated LISTEN connection receives them, normally within a millisecond of the
 * commit. While that connection is not (yet, or no longer) listening, `generation()` is null and
 * the caches read the database on every request; when it is back, every count moves, so nothing
 * read before is trusted.
 */
export class ChangeFeed {
  /** The PostgreSQL application_name of the listening connection (to tell it apart). */
  readonly listenerName = `content-studio changes ${randomBytes(4).toString("hex")}`;
  readonly #counts = new Map<ChangeChannel, number>(CHANNELS.map((c) => [c, 0]));
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

  /** The channel's change count, or null while changes could go unheard (do not cache). */
  generation(channel: ChangeChannel): number | null {
    return this.#live ? (this.#counts.get(channel) ?? 0) : null;
  }

  /** True while every change is heard. */
  get live(): boolean {
    return this.#live;
  }

  /** Records that these tables changed (a committed write of this process). */
  tablesChanged(tables: ReadonlySet<string>): void {
    for (const channel of CHANNELS) {
      if (CHANGE_CHANNELS[channel].some((table) => tables.has(table))) this.#bump(channel);
    }
  }

  #bump(channel: ChangeChannel): void {
    this.#counts.set(channel, (this.#counts.get(channel) ?? 0) + 1);
  }

  #bumpAll(): void {
    for (const channel of CHANNELS) this.#bump(channel);
  }

  /** Hears the embedded PGlite's notifications (delivered in process, at commit). */
  async listenPglite(pglite: PGlite): Promise<void> {
    const stops = await Promise.all([
      ...CHANNELS.map((channel) => pglite.listen(channel, () => this.#bump(channel))),
      ...PAYLOAD_CHANNELS.map((channel) =>
        pglite.listen(channel, (payload) => this.#deliver(channel, payload)),
      ),
    ]);
    this.#stop = async () => {
      if (pglite.closed) return;
      await Promise.all(stops.map((stop) => stop().catch(() => undefined)));
    };
    this.#bumpAll();
    this.#live = !this.#closed;
  }

  /**
   * Listens on a dedicated PostgreSQL connection, reconnecting (with back-off) when it drops.
   * Resolves once listening, or after `firstWaitMs` if the first connection is slow or fails
   * (the caches stay off until it succeeds).
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
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let probe: NodeJS.Timeout | undefined;
    let delay = 250;
    // A notification this connection sends to itself now and then: one that does not come back
    // (a transaction-mode pooler between us and the server, a stuck connection) means changes
    // could go unheard, so the feed stops being live and reconnects.
    const probeChannel = `content_studio_probe_${this.listenerName.slice(-8)}`;
    let probeOutstanding = false;
    const connect = async (): Promise<void> => {
      if (this.#closed) return;
      const next = new pg.Client({ connectionString, application_name: this.listenerName });
      client = next;
      const lost = (error?: Error) => {
        if (client !== next) return;
        this.#live = false;
        client = undefined;
        clearInterval(probe);
        probeOutstanding = false;
        next.end().catch(() => undefined);
        if (error) options.onError?.(error);
        if (!this.#closed) {
          retry = setTimeout(() => void connect(), delay);
          retry.unref();
          delay = Math.min(delay * 2, 10_000);
        }
      };
      next.on("error", lost);
      next.on("end", () => lost());
      next.on("notification", (message) => {
        if (message.channel === probeChannel) probeOutstanding = false;
        else if ((PAYLOAD_CHANNELS as readonly string[]).includes(message.channel)) {
          this.#deliver(message.channel as PayloadChannel, message.payload ?? "");
        } else if (CHANNELS.includes(message.channel as ChangeChannel)) {
          this.#bump(message.channel as ChangeChannel);
        }
      });
      try {
        await next.connect();
        for (const channel of [...CHANNELS, ...PAYLOAD_CHANNELS, probeChannel]) {
          await next.query(`LISTEN ${channel}`);
        }
      } catch (error) {
        lost(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (client !== next || this.#closed) return;
      delay = 250;
      // Whatever changed while nobody listened is unknown: nothing cached before is trusted.
      this.#bumpAll();
      this.#live = true;
      probe = setInterval(() => {
        if (probeOutstanding) {
          lost(new Error("a notification sent to the listening connection did not arrive"));
          return;
        }
        probeOutstanding = true;
        next.query(`NOTIFY ${probeChannel}`).catch((error: Error) => lost(error));
      }, options.probeEveryMs ?? 5_000);
      probe.unref();
    };
    this.#stop = async () => {
      clearTimeout(retry);
      clearInterval(probe);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    };
    const first = connect();
    await Promise.race([
      first,
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

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const watching = connection as WatchingConnection;
    try {
      await this.inner.commitTransaction(watching.inner);
    } finally {
      this.#settle(watching);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const watching = connection as WatchingConnection;
    try {
      await this.inner.rollbackTransaction(watching.inner);
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
const EVERY_TABLE: ReadonlySet<string> = new Set(Object.values(CHANGE_CHANNELS).flat());

/** Raw SQL that is not plainly a read: it may write anything. */
const RAW_WRITE =
  /^\s*(insert|update|delete|merge|truncate|alter|drop|create|copy|call|do|with)\b/i;

/**
 * The tables an INSERT, UPDATE or DELETE writes; every watched table for raw SQL that may
 * write; undefined for reads.
 */
function writtenTables(node: OperationNode, sqlText: string): ReadonlySet<string> | undefined {
  if (RawNode.is(node)) return RAW_WRITE.test(sqlText) ? EVERY_TABLE : undefined;
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
