import { LRUCache } from "lru-cache";
import { readsOf, type ChangeFeed } from "../../db/change-feed";

/** Sessions kept in memory at most (least recently used dropped first). */
const SESSION_CACHE_SIZE = 10_000;

/**
 * Session rows by signed cookie value, each kept while the tables its read named (session and
 * user, derived from the query: db/change-feed.ts `readsOf`) are unchanged since before the
 * read. A revoked session, a deactivated user or a changed role is never served from here: a
 * sign-out or revocation in this process is heard before its answer is sent, one elsewhere
 * when its notification arrives. While the feed cannot hear every change nothing is kept.
 */
export class SessionCache<Row> {
  private readonly rows = new LRUCache<
    string,
    { row: Row; token: string; tables: readonly string[]; since: number }
  >({ max: SESSION_CACHE_SIZE });

  constructor(private readonly feed: ChangeFeed | undefined) {}

  get(signed: string): { row: Row; token: string } | undefined {
    const entry = this.rows.get(signed);
    if (!entry) return undefined;
    if (this.feed?.unchangedSince(entry.tables, entry.since)) return entry;
    this.rows.delete(signed);
    return undefined;
  }

  /** Reads the row with `read`, keeping it when nothing it read changed meanwhile. */
  async read(signed: string, token: string, read: () => Promise<Row | undefined>) {
    const since = this.feed?.now() ?? null;
    const { value: row, tables } = await readsOf(read);
    if (row && since !== null && tables.size > 0 && this.feed?.unchangedSince(tables, since)) {
      this.rows.set(signed, { row, token, tables: [...tables], since });
    }
    return row;
  }
}
