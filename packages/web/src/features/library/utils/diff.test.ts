import type { LibraryVersion } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { bodyText, diffVersions, withContext } from "./diff";

const version = (over: Partial<LibraryVersion>): LibraryVersion => ({
  version: 1,
  changedSections: [],
  qualityScore: null,
  note: "",
  createdByName: null,
  createdAt: "2026-11-24T00:00:00.000Z",
  title: "T",
  headline: "H",
  introduction: "Intro",
  body: "<p>Body</p>",
  conclusion: "End",
  ...over,
});

describe("version diffs", () => {
  it("reads body HTML as plain text, one line per block, without running it", () => {
    expect(bodyText("<h2>A</h2><p>One <strong>two</strong></p><ul><li>x</li><li>y</li></ul>")).toBe(
      "A\nOne two\nx\ny",
    );
    expect(bodyText('<p><img src=x onerror="alert(1)">safe &lt;b&gt;</p>')).toBe("safe <b>");
  });

  it("word-diffs each section and marks only the changed ones", () => {
    const diffs = diffVersions(
      version({ body: "<p>Cost is set early.</p>" }),
      version({ body: "<p>Cost is set very early.</p>", headline: "H2" }),
    );
    const body = diffs.find((d) => d.section === "body")!;
    expect(body.changed).toBe(true);
    expect(body.parts.filter((p) => p.added).map((p) => p.value.trim())).toEqual(["very"]);
    expect(diffs.filter((d) => d.changed).map((d) => d.section)).toEqual(["headline", "body"]);
  });

  it("shortens long unchanged runs around a change", () => {
    const long = "word ".repeat(100);
    const parts = withContext([
      { value: long, added: false, removed: false },
      { value: "new", added: true, removed: false },
      { value: long, added: false, removed: false },
    ]);
    expect(parts[0]!.value.startsWith("… ")).toBe(true);
    expect(parts[0]!.value.length).toBeLessThan(130);
    expect(parts[1]!.value).toBe("new");
    expect(parts[2]!.value.endsWith(" …")).toBe(true);
  });
});
