import { BannedPhrasesSchema } from "@content-studio/contract";

/** One phrase per line → the list the server stores: trimmed, inner spaces collapsed, no repeats. */
export function parseBannedPhrases(text: string): string[] {
  const seen = new Set<string>();
  const phrases: string[] = [];
  for (const line of text.split("\n")) {
    const phrase = line.trim().replace(/\s+/g, " ");
    const key = phrase.toLowerCase();
    if (!phrase || seen.has(key)) continue;
    seen.add(key);
    phrases.push(phrase);
  }
  return phrases;
}

/** Why the server would refuse this list (the contract's limits), or null when it is fine. */
export function bannedPhrasesProblem(phrases: string[]): string | null {
  const result = BannedPhrasesSchema.safeParse({ phrases });
  if (result.success) return null;
  const issue = result.error.issues[0];
  const index = issue?.path[1];
  if (typeof index === "number") {
    return `Each phrase needs 2 to 80 characters; “${phrases[index] ?? ""}” does not fit.`;
  }
  return "At most 500 phrases can be banned.";
}

export const samePhrases = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((phrase, i) => phrase === b[i]);
