// The Library list: filters, sort and keyset pages, and the authors filter.
import {
  type LibraryAuthor,
  type LibraryPage,
  type ListLibraryQuerySchema,
} from "@content-studio/contract";
import type { z } from "zod";
import type { AppContext } from "../../app-context";
import { fieldError } from "../../lib/app-error";
import type { SessionUser } from "../../plugins/access";
import { presentLibraryItem } from "./library.presenter";
import * as repo from "./library.repository";
import { libraryRules } from "./library-item.service";

function encodeCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id])).toString("base64url");
}

function decodeCursor(cursor: string): repo.Cursor {
  try {
    const [key, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof key === "string" && typeof id === "string" && key.length < 100 && id.length < 200) {
      return { key, id };
    }
  } catch {
    // fall through
  }
  throw fieldError("query.cursor", "Invalid page cursor.");
}

export async function listLibrary(
  ctx: AppContext,
  actor: SessionUser,
  query: z.output<typeof ListLibraryQuerySchema>,
): Promise<LibraryPage> {
  const rules = await libraryRules(ctx.db);
  const { rows, total, capped } = await repo.listLibraryItems(
    ctx.db,
    {
      q: query.q || undefined,
      type: query.type,
      status: query.status,
      personaId: query.personaId,
      industryId: query.industryId,
      stage: query.stage,
      quality: query.quality,
      authorId: query.authorId,
      trash: query.view === "trash",
    },
    query.sort,
    { cursor: query.cursor ? decodeCursor(query.cursor) : undefined, limit: query.limit },
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => presentLibraryItem(r, actor, rules)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.sort_key, last.id) : null,
    total,
    totalCapped: capped,
  };
}

export async function listLibraryAuthors(ctx: AppContext): Promise<LibraryAuthor[]> {
  return repo.listAuthors(ctx.db);
}
