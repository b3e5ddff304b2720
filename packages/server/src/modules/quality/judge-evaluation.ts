import fs from "node:fs";
import path from "node:path";
import { load as loadYaml } from "js-yaml";
import {
  DEFAULT_BANNED_PHRASES,
  GENERATION_DEFAULTS,
  meetsQualityStandards,
} from "@content-studio/contract";
import { parseExampleFile } from "../examples/example-file";
import {
  exampleAsInput,
  loadShippedExamples,
  seedContext,
  seedLookup,
  shippedIndex,
  type ShippedExample,
} from "./shipped-examples";
import { scoreContent, type ScoringContext } from "./scorer";

/**
 * Scores a folder of labelled pieces (good/, bad/, adversarial/, the judge-dev layout) and
 * summarises how well the check separates them. Used by the bench and the development loop;
 * not by the running server.
 */
export interface LabelledPiece extends ShippedExample {
  label: "good" | "bad" | "adversarial";
  topic: string;
  kind: string;
  expect: string[];
}

export function loadLabelledPieces(dir: string): LabelledPiece[] {
  const out: LabelledPiece[] = [];
  for (const label of ["good", "bad", "adversarial"] as const) {
    const folder = path.join(dir, label);
    if (!fs.existsSync(folder)) continue;
    for (const name of fs
      .readdirSync(folder)
      .filter((n) => n.endsWith(".md"))
      .sort()) {
      const bytes = fs.readFileSync(path.join(folder, name));
      const rel = `${label === "adversarial" ? "bad" : label}/${name}`;
      const parsed = parseExampleFile(bytes, rel, seedLookup);
      if (!parsed.ok) throw new Error(`${label}/${name}: ${parsed.reason}`);
      const front = loadYaml(bytes.toString("utf8").split(/^---\s*$/m)[1] ?? "") as Record<
        string,
        unknown
      >;
      out.push({
        ...parsed.example,
        path: `${label}/${name}`,
        label,
        topic: typeof front.topic === "string" ? front.topic : parsed.example.title,
        kind: typeof front.kind === "string" ? front.kind : "",
        expect: Array.isArray(front.expect) ? front.expect.map(String) : [],
      });
    }
  }
  return out;
}

/** Codes of this check that carry the meaning of a label's code under another name. */
const SAME_MEANING: Record<string, string[]> = {
  restated_point: ["repeated_paragraph"],
  rambling: ["repeated_paragraph", "generic_copy"],
  no_specifics: ["generic_copy"],
  thin_content: ["generic_copy"],
};

/** Probability that a random positive outranks a random negative (ties count half). */
export function rocAuc(positives: readonly number[], negatives: readonly number[]): number {
  if (positives.length === 0 || negatives.length === 0) return NaN;
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
}

export interface PieceResult {
  path: string;
  label: LabelledPiece["label"];
  kind: string;
  expect: string[];
  overall: number;
  meets: boolean;
  codes: string[];
  /** Whether the first expected code is among the reported ones (`none`: no gate and meets). */
  namesFlaw: boolean;
}

export function evaluatePieces(
  pieces: readonly LabelledPiece[],
  context: ScoringContext,
  options: { leaveOneOut?: boolean } = {},
) {
  const results: PieceResult[] = pieces.map((p) => {
    const report = scoreContent(
      { ...exampleAsInput(p), topic: p.topic },
      // A shipped example is scored against the others, never against itself.
      options.leaveOneOut ? { ...context, excludeExampleId: p.path } : context,
    );
    const codes = [...new Set([...report.cappedBy, ...report.findings.map((f) => f.code)])];
    const meets = meetsQualityStandards(report.overall, GENERATION_DEFAULTS.qualityThreshold);
    const main = (p.expect[0] ?? "none").split(":")[0]!;
    const namesFlaw =
      main === "none"
        ? meets && report.cappedBy.length === 0
        : [main, ...(SAME_MEANING[main] ?? [])].some((c) => codes.includes(c));
    return {
      path: p.path,
      label: p.label,
      kind: p.kind,
      expect: p.expect,
      overall: report.overall,
      meets,
      codes,
      namesFlaw,
    };
  });
  const scores = (label: PieceResult["label"]) =>
    results.filter((r) => r.label === label).map((r) => r.overall);
  return {
    results,
    aucGoodBad: rocAuc(scores("good"), scores("bad")),
    aucGoodAdversarial: rocAuc(scores("good"), scores("adversarial")),
    badMeeting: results.filter((r) => r.label === "bad" && r.meets).length,
    adversarialMeeting: results.filter((r) => r.label === "adversarial" && r.meets).length,
    goodFailing: results.filter((r) => r.label === "good" && !r.meets).length,
    adversarialNamed: results.filter((r) => r.label === "adversarial" && r.namesFlaw).length,
  };
}

/** The check's figures on a labelled folder and on the shipped examples, as the seed scores them. */
export function judgeFigures(dir: string) {
  const shipped = loadShippedExamples();
  const context = seedContext(shippedIndex(shipped), DEFAULT_BANNED_PHRASES);
  return {
    judgeDev: evaluatePieces(loadLabelledPieces(dir), context),
    shipped: evaluatePieces(
      shipped.map((e) => ({
        ...e,
        label: e.category,
        topic: e.title,
        kind: "shipped",
        expect: e.category === "good" ? ["none"] : [],
      })),
      context,
      { leaveOneOut: true },
    ),
  };
}
