import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { isWatched, readsOf, type ChangeFeed } from "../db/change-feed";

/** A ready answer: the JSON body serialised once, and its entity tag. */
export interface CachedAnswer {
  body: string;
  etag: string;
}

/** A JSON body with a strong entity tag derived from its bytes. */
export function cachedAnswer(body: string): CachedAnswer {
  const digest = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  return { body, etag: `"${digest}"` };
}

interface Entry {
  answer: CachedAnswer;
  /** The tables the build's queries read. */
  tables: readonly string[];
  /** The feed's `now()` taken before the build. */
  since: number;
}

/** Every answer cache made, by name: what the dependency test inspects. */
const caches = new Map<string, AnswerCache>();

/** The answer caches made so far (by name), with the tables their builds read. */
export function answerCaches(): ReadonlyMap<string, AnswerCache> {
  return caches;
}

/**
 * Serialised answers of a read endpoint, by key (what the answer depends on besides the data:
 * the caller, the query). The tables an answer depends on are derived, never listed: every
 * query its build runs reports the tables it names (db/change-feed.ts, `readsOf`), and the
 * answer is kept only while all of them are watched by the change feed and unchanged since
 * before the build. A build that reads a table nobody watches is not kept (and the dependency
 * test, cache-dependencies.test.ts, fails on it). No feed, or one not hearing every change:
 * nothing is kept. Least recently used entries go first.
 */
export class AnswerCache {
  private readonly entries: LRUCache<string, Entry>;
  /** Every table the builds read so far. */
  readonly tablesRead = new Set<string>();
  /** Answers built (not served from the cache) so far. */
  builds = 0;

  constructor(
    readonly name: string,
    private readonly feed: ChangeFeed | undefined,
    maxEntries = 500,
  ) {
    this.entries = new LRUCache({ max: maxEntries });
    caches.set(name, this);
  }

  /** Tables the builds read that the change feed does not watch (answers not kept). */
  unwatchedTables(): string[] {
    return [...this.tablesRead].filter((table) => !isWatched(table));
  }

  async get(key: string, build: () => Promise<string>): Promise<CachedAnswer> {
    const entry = this.entries.get(key);
    if (entry && this.feed?.unchangedSince(entry.tables, entry.since)) return entry.answer;
    const since = this.feed?.now() ?? null;
    this.builds += 1;
    const { value: body, tables } = await readsOf(build);
    for (const table of tables) this.tablesRead.add(table);
    const answer = cachedAnswer(body);
    if (since !== null && tables.size > 0 && this.feed?.unchangedSince(tables, since)) {
      this.entries.set(key, { answer, tables: [...tables], since });
    } else if (entry) {
      this.entries.delete(key);
    }
    return answer;
  }
}
