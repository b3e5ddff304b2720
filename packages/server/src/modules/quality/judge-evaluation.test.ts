import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_BANNED_PHRASES } from "@content-studio/contract";
import { afterAll, describe, expect, it } from "vitest";
import { evaluatePieces, judgeFigures, loadLabelledPieces, rocAuc } from "./judge-evaluation";
import { seedContext } from "./shipped-examples";

describe("rocAuc", () => {
  it("is the share of positive-negative pairs ordered right, ties half", () => {
    expect(rocAuc([0.9, 0.8], [0.1, 0.2])).toBe(1);
    expect(rocAuc([0.1], [0.9])).toBe(0);
    expect(rocAuc([0.5, 0.9], [0.5])).toBe(0.75);
  });
});

describe("evaluatePieces on a labelled folder", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "labelled-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (label: string, name: string, expect: string, body: string) => {
    fs.mkdirSync(path.join(dir, label), { recursive: true });
    fs.writeFileSync(
      path.join(dir, label, name),
      [
        "---",
        'title: "Bore tolerances and the cost of a second setup"',
        "contentType: technical-guide",
        "persona: director-engineering",
        "industry: industrial",
        "buyingStage: awareness",
        'topic: "Bore tolerances and machining setups"',
        "kind: test",
        `expect: [${expect}]`,
        "---",
        "",
        "## Headline",
        "",
        "Bore tolerances and the cost of a second machining setup on industrial housings",
        "",
        "## Introduction",
        "",
        "An Industrial Director of Engineering approves housing drawings whose bore tolerances decide how many machining setups a part needs, long before a quote arrives.",
        "",
        "## Body",
        "",
        body,
        "",
        "## Conclusion",
        "",
        "Review the tolerances on your next housing drawing with the machinist before release.",
        "",
      ].join("\n"),
    );
  };
  write(
    "good",
    "01.md",
    "none",
    "A bearing bore with a tight positional tolerance to a face machined in another setup forces the part to be refixtured, and every refixturing adds handling time, a new datum pickup and a chance of stack-up error. Relaxing the position where the bearing allows it, or machining the bore and its datum face in one clamping, removes the second setup.\n\nAsk which tolerances drive a setup, and whether the functional requirement needs them. The answer often saves a fixture and an inspection step.",
  );
  write(
    "adversarial",
    "01.md",
    "wrong_language",
    "Eine Lagerbohrung mit enger Positionstoleranz zu einer Fläche aus einer anderen Aufspannung zwingt zum Umspannen, und jedes Umspannen kostet Zeit und Genauigkeit. Wer die Bohrung und ihre Bezugsfläche in einer Aufspannung bearbeitet, spart die zweite Aufspannung.\n\nFragen Sie, welche Toleranzen eine Aufspannung erzwingen und ob die Funktion sie wirklich braucht.",
  );

  it("reads the labels and reports whether each flaw is named", () => {
    const pieces = loadLabelledPieces(dir);
    expect(pieces.map((p) => [p.label, p.topic, p.expect])).toEqual([
      ["good", "Bore tolerances and machining setups", ["none"]],
      ["adversarial", "Bore tolerances and machining setups", ["wrong_language"]],
    ]);
    const summary = evaluatePieces(pieces, seedContext(undefined, DEFAULT_BANNED_PHRASES));
    const adversarial = summary.results.find((r) => r.label === "adversarial")!;
    expect(adversarial).toMatchObject({ meets: false, namesFlaw: true });
    expect(summary.adversarialMeeting).toBe(0);
    expect(summary.aucGoodAdversarial).toBe(
      summary.results[0]!.overall > adversarial.overall ? 1 : 0,
    );
  });
});

/** The labelled development pieces, in the workspace's shared folder beside the repository. */
const JUDGE_DEV = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../../../shared/judge-dev",
);

// A regression guard, not evidence: these pieces are for development, a hidden set measures.
describe.skipIf(!fs.existsSync(JUDGE_DEV))("the check on the judge-dev pieces", () => {
  it("keeps the separation the bench reports", () => {
    const { judgeDev, shipped } = judgeFigures(JUDGE_DEV);
    expect(judgeDev.aucGoodBad).toBeGreaterThanOrEqual(0.95);
    expect(judgeDev.aucGoodAdversarial).toBeGreaterThanOrEqual(0.95);
    expect(judgeDev.badMeeting).toBe(0);
    expect(judgeDev.goodFailing).toBeLessThanOrEqual(1);
    expect(judgeDev.adversarialMeeting).toBe(0);
    expect(shipped.goodFailing).toBeLessThanOrEqual(1);
    expect(shipped.badMeeting).toBe(0);
  });
});
