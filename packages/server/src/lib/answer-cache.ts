import { createHash } from "node:crypto";
import type { ChangeChannel, ChangeFeed } from "../db/change-feed";

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

/**
 * Serialised answers of a read endpoint, by key (what the answer depends on besides the data:
 * the caller's role, the query), each kept while the change counts of the channels it was read
 * under are unchanged (db/change-feed.ts). The counts are taken before the answer is built, so
 * a change committed while it was being built leaves the entry unused. No feed, or one not
 * hearing every change: nothing is kept. Only finished answers are kept (a build that fails
 * or whose client went away leaves nothing); least recently used entries go first.
 */
export class AnswerCache {
  private readonly entries = new Map<string, { tag: string; answer: CachedAnswer }>();

  constructor(
    private readonly feed: ChangeFeed | undefined,
    private readonly channels: readonly ChangeChannel[],
    private readonly maxEntries = 500,
  ) {}

  private tag(): string | null {
    if (!this.feed) return null;
    const counts: number[] = [];
    for (const channel of this.channels) {
      const count = this.feed.generation(channel);
      if (count === null) return null;
      counts.push(count);
    }
    return counts.join(":");
  }

  async get(key: string, build: () => Promise<string>): Promise<CachedAnswer> {
    const tag = this.tag();
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      if (tag !== null && entry.tag === tag) {
        this.entries.set(key, entry);
        return entry.answer;
      }
    }
    const answer = cachedAnswer(await build());
    if (tag !== null && tag === this.tag()) {
      this.entries.set(key, { tag, answer });
      if (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    return answer;
  }
}
