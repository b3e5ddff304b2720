const SECTIONS = ["headline", "introduction", "body", "conclusion"] as const;
const ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "",
  b: "",
  f: "",
  '"': '"',
  "\\": "\\",
  "/": "/",
};
const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  apos: "'",
  nbsp: " ",
};

/** The (possibly unfinished) JSON string value of `key` in `json`, unescaped; undefined if absent. */
function partialStringValue(json: string, key: string): string | undefined {
  const start = new RegExp(`"${key}"\\s*:\\s*"`).exec(json);
  if (!start) return undefined;
  let value = "";
  for (let i = start.index + start[0].length; i < json.length; i += 1) {
    const char = json[i];
    if (char === '"') break;
    if (char !== "\\") {
      value += char;
      continue;
    }
    const next = json[i + 1];
    if (next === undefined) break; // an escape cut off by the chunk boundary
    if (next === "u") {
      const hex = json.slice(i + 2, i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) break;
      value += String.fromCharCode(parseInt(hex, 16));
      i += 5;
    } else {
      value += ESCAPES[next] ?? next;
      i += 1;
    }
  }
  return value;
}

/** Rich-text HTML as plain text: block ends become line breaks, tags and a cut-off tag go. */
function htmlToPlainText(html: string): string {
  return html
    .replace(/<\s*(br|\/p|\/h[1-6]|\/li|\/blockquote|\/tr)\b[^>]*>/gi, "\n")
    .replace(/<\s*li\b[^>]*>/gi, "• ")
    .replace(/<[^>]*>/g, "")
    .replace(/<[^>]*$/, "")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * What to show of a draft while it streams in. Writers stream their structured answer as
 * JSON text; that is turned into readable sections (headline, introduction, body as plain
 * text, conclusion) as far as it has arrived. Anything else is shown as it is. The result is
 * always plain text, never markup.
 */
export function readableDraft(text: string): string {
  if (!text.trimStart().startsWith("{")) return text;
  const sections: string[] = [];
  for (const key of SECTIONS) {
    const value = partialStringValue(text, key);
    if (value === undefined) continue;
    const readable = key === "body" ? htmlToPlainText(value) : value.trim();
    if (readable) sections.push(readable);
  }
  return sections.join("\n\n");
}
