import {
  LIBRARY_SECTIONS,
  type LibrarySection,
  type LibraryVersion,
} from "@content-studio/contract";
import { diffWords } from "diff";

export interface DiffPart {
  value: string;
  added: boolean;
  removed: boolean;
}

export interface SectionDiff {
  section: LibrarySection;
  parts: DiffPart[];
  changed: boolean;
}

const BLOCK = /^(P|H[1-6]|LI|BLOCKQUOTE|PRE|TR|TABLE|UL|OL)$/;

/** Plain text of body HTML, one line per block (parsed inertly, never rendered). */
export function bodyText(html: string): string {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const lines: string[] = [];
  let line = "";
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) line += node.textContent ?? "";
    node.childNodes.forEach(walk);
    if (node.nodeType === Node.ELEMENT_NODE && BLOCK.test((node as Element).tagName)) {
      if (line.trim()) lines.push(line.replace(/\s+/g, " ").trim());
      line = "";
    }
  };
  walk(doc.body);
  if (line.trim()) lines.push(line.replace(/\s+/g, " ").trim());
  return lines.join("\n");
}

/** A word diff of every section's plain text between two versions. */
export function diffVersions(from: LibraryVersion, to: LibraryVersion): SectionDiff[] {
  return LIBRARY_SECTIONS.map((section) => {
    const a = section === "body" ? bodyText(from.body) : from[section];
    const b = section === "body" ? bodyText(to.body) : to[section];
    const parts = diffWords(a, b).map((p) => ({
      value: p.value,
      added: Boolean(p.added),
      removed: Boolean(p.removed),
    }));
    return { section, parts, changed: parts.some((p) => p.added || p.removed) };
  });
}

/** Unchanged text longer than this is shortened to its ends around the changes. */
const CONTEXT = 120;

/**
 * The parts with long unchanged runs cut to the words next to a change ("…" marks a cut),
 * so a one-sentence edit of a long body reads as that sentence.
 */
export function withContext(parts: DiffPart[]): DiffPart[] {
  return parts.map((p, i) => {
    if (p.added || p.removed || p.value.length <= CONTEXT * 2) return p;
    const first = i === 0;
    const last = i === parts.length - 1;
    const head = p.value.slice(0, CONTEXT);
    const tail = p.value.slice(-CONTEXT);
    const value = first ? `… ${tail}` : last ? `${head} …` : `${head} … ${tail}`;
    return { ...p, value };
  });
}
