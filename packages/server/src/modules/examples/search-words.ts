/**
 * Example search works on words: the text is NFKC-normalised, lower-cased and split into runs
 * of letters and digits; a query matches an example when every query word is the start of one
 * of the example's words ("toler stack" finds "tolerance stack-up"). The words are computed
 * here, once per file at ingest, and stored as a tsvector literal that PostgreSQL only has to
 * sort, not parse: `to_tsvector` on every ingested file cost more than the GIN index itself.
 * Punctuation is never a wildcard, and a query without letters or digits matches nothing.
 */
const WORD = /[\p{L}\p{N}]+/gu;
/** Longer runs (hashes, base64) are cut: a lexeme of 2 KiB or more is refused by PostgreSQL. */
const MAX_WORD_LENGTH = 64;
/** Words of a query beyond this are ignored (the query is at most 200 characters anyway). */
const MAX_QUERY_WORDS = 12;

function wordsOf(text: string): string[] {
  return (text.normalize("NFKC").toLowerCase().match(WORD) ?? []).map((w) =>
    w.slice(0, MAX_WORD_LENGTH),
  );
}

/** The distinct words of an example's searchable text, as a tsvector literal (`'a' 'b'`). */
export function searchWordsOf(text: string): string {
  return [...new Set(wordsOf(text))].map((w) => `'${w}'`).join(" ");
}

/** The tsquery for a search box entry (`'a':* & 'b':*`), or undefined when it has no words. */
export function searchQueryOf(q: string): string | undefined {
  const words = [...new Set(wordsOf(q))].slice(0, MAX_QUERY_WORDS);
  return words.length === 0 ? undefined : words.map((w) => `'${w}':*`).join(" & ");
}
