import { REPURPOSE_LIMITS } from "@content-studio/contract";

// http(s) links and bare www. links; trailing punctuation belongs to the sentence, not the link.
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING_PUNCTUATION = /[.,:;!?)\]'"]+$/;

/** Characters as people count them (an emoji is one, not two UTF-16 units). */
export function countCharacters(text: string): number {
  return [...text].length;
}

/**
 * Length of a post as X counts it: every link is 23 characters, whatever its real length.
 */
export function countXCharacters(text: string): number {
  let length = 0;
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const link = match[0].replace(TRAILING_PUNCTUATION, "");
    length += countCharacters(text.slice(last, match.index)) + REPURPOSE_LIMITS.xUrlLength;
    last = match.index + link.length;
  }
  return length + countCharacters(text.slice(last));
}
