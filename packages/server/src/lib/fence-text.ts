import { RICH_HTML_TAGS } from "@content-studio/contract";

/**
 * Characters that carry no visible text of their own, by Unicode class rather than by example:
 * format characters (Cf: zero-width, bidi controls, the tag characters U+E0000–U+E007F, …),
 * private-use (Co), unassigned and noncharacters (Cn), lone surrogates (Cs), every other
 * default-ignorable code point (variation selectors, Hangul fillers, …) and control
 * characters other than tab and line feed (Cc). They are removed.
 */
const INVISIBLE = /[\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Default_Ignorable_Code_Point}]|(?![\t\n])\p{Cc}/gu;

/**
 * Characters that render as blank space: every space and line separator (Z*) and the Braille
 * pattern blank U+2800 (a symbol, but it draws nothing). Spaces become a plain space and
 * line or paragraph separators a line feed, so nothing blank sits between `<` and a name.
 */
const BLANK_SPACE = /[\p{Zs}\u2800]/gu;
const LINE_SEPARATOR = /[\p{Zl}\p{Zp}]/gu;

/**
 * Look-alikes of `<`, `>` and `|` that NFKC leaves as they are (NFKC already folds the
 * full-width and small forms): angle brackets, arrowheads, ornaments and vertical lines that
 * a model may read as the ASCII character. Folded to it before tags are broken.
 */
const LOOKALIKE_LT = /[\u02C2\u1438\u2039\u2329\u276C\u276E\u27E8\u27EA\u29FC\u3008\u300A\u2AF7]/gu;
const LOOKALIKE_GT = /[\u02C3\u1433\u203A\u232A\u276D\u276F\u27E9\u27EB\u29FD\u3009\u300B\u2AF8]/gu;
const LOOKALIKE_BAR =
  /[\u01C0\u05C0\u2223\u2502\u2503\u23D0\u239C\u239F\u23B8\u23B9\u2758\u2759\u275A\uFFE8]/gu;

/**
 * A `<` may stay only where it starts a whole, well-formed HTML tag the stored bodies may hold
 * (a draft under refinement is HTML): an allowed name, then only `name="value"` attributes,
 * then `>` or `/>`. Every other `<` (a fence tag, a `<|…|>` chat-template marker, `<p/brief_data>`,
 * anything disguised) is written as `&lt;`, and a `>` right after `|` as `&gt;`.
 */
const ALLOWED_TAG = new RegExp(
  `^<\\/?(?:${[...RICH_HTML_TAGS].join("|")})(?:\\s+[a-z-]+="[^"<>]*")*\\s*\\/?>`,
  "i",
);
/** A `<` and the text up to the next one: kept when it opens an allowed tag, else escaped. */
const keepAllowedTag = (from: string) => (ALLOWED_TAG.test(from) ? from : `&lt;${from.slice(1)}`);

/**
 * Makes untrusted text safe to place inside a fenced data block: normalises look-alike
 * characters (NFKC, then the angle brackets and bars it leaves), removes invisible characters
 * and turns blank ones into plain spaces, and escapes every `<` that is not an allowed HTML
 * tag, so that the text can never end its block early, open a new one or write a chat-template
 * marker such as `<|im_start|>`.
 */
export function neutralizeFenceText(text: string): string {
  return text
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .replace(BLANK_SPACE, " ")
    .replace(LINE_SEPARATOR, "\n")
    .replace(LOOKALIKE_LT, "<")
    .replace(LOOKALIKE_GT, ">")
    .replace(LOOKALIKE_BAR, "|")
    .replace(/<[^<]*/g, keepAllowedTag)
    .replace(/\|(\s*)>/g, "|$1&gt;");
}
