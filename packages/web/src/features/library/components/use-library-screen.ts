import {
  BUYING_STAGES,
  CONTENT_STATUSES,
  CONTENT_TYPES,
  LIBRARY_SORTS,
  QUALITY_BAND_IDS,
  type ContentStatus,
  type ContentType,
  type LibrarySort,
  type QualityBandId,
} from "@content-studio/contract";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useDebouncedValue } from "../../../hooks/use-debounced-value";
import { useLibrary, type LibraryParams } from "../api/get-library";
import { useLibraryAuthors } from "../api/get-library-authors";

const PAGE_SIZE = 20;

const FILTER_KEYS = [
  "type",
  "status",
  "personaId",
  "industryId",
  "stage",
  "quality",
  "authorId",
] as const;

/**
 * The library's state: the search text, the filters and sort (kept in the URL), the view
 * (library or Trash), the keyset page and the list itself.
 */
export function useLibraryScreen() {
  const [search, setSearch] = useSearchParams();
  const [text, setText] = useState(search.get("q") ?? "");
  const q = useDebouncedValue(text.trim(), 300);
  // Keyset pages: the cursors of the pages before the current one.
  const [cursors, setCursors] = useState<string[]>([]);
  const trash = search.get("view") === "trash";

  const read = <T extends string>(key: string, allowed: readonly T[]): T | undefined => {
    const v = search.get(key);
    return v && (allowed as readonly string[]).includes(v) ? (v as T) : undefined;
  };
  const params: LibraryParams = {
    q: q || undefined,
    type: read<ContentType>("type", CONTENT_TYPES),
    status: read<ContentStatus>("status", CONTENT_STATUSES),
    personaId: search.get("personaId") || undefined,
    industryId: search.get("industryId") || undefined,
    stage: read("stage", BUYING_STAGES),
    quality: read<QualityBandId>("quality", QUALITY_BAND_IDS),
    authorId: search.get("authorId") || undefined,
    sort: read<LibrarySort>("sort", LIBRARY_SORTS) ?? "updated",
    view: trash ? "trash" : "active",
    cursor: cursors.at(-1),
    limit: PAGE_SIZE,
  };
  const [lastKey, setLastKey] = useState("");
  const key = JSON.stringify({ ...params, cursor: undefined });
  if (key !== lastKey) {
    // Any change of search, filter or sort starts again at the first page.
    setLastKey(key);
    if (cursors.length > 0) setCursors([]);
  }

  const library = useLibrary(params);
  const authors = useLibraryAuthors();

  const setParam = (name: string, value: string) => {
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  };
  const filtered = FILTER_KEYS.some((k) => search.get(k)) || text.trim() !== "";
  const clear = () => {
    setText("");
    setSearch((prev) => {
      const next = new URLSearchParams();
      const view = prev.get("view");
      if (view) next.set("view", view);
      return next;
    });
  };

  const nextPage = () => {
    const cursor = library.data?.nextCursor;
    if (cursor) setCursors((c) => [...c, cursor]);
  };

  return {
    trash,
    /** The search box, filters and sort, as LibraryFilters takes them. */
    filterPanel: {
      text,
      onTextChange: setText,
      params,
      onParamChange: setParam,
      filtered,
      onClear: clear,
      authors: authors.data ?? [],
    },
    /** The page of items and its pager, as LibraryResults takes them. */
    results: {
      library,
      trash,
      filtered,
      /** How many items the pages before this one hold. */
      itemsBefore: cursors.length * PAGE_SIZE,
      pageNumber: cursors.length + 1,
      onPrevious: () => setCursors((c) => c.slice(0, -1)),
      onNext: nextPage,
    },
  };
}
