import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fixtureLeaks } from "../../../test/support/fixture-leaks";

const here = path.dirname(fileURLToPath(import.meta.url));
/** The labelled development pieces, in the workspace's shared folder beside the repository. */
const JUDGE_DEV = path.resolve(here, "../../../../../../shared/judge-dev");
const QUALITY = here;
const LANGUAGE = path.resolve(here, "../../lib/language");
const REFERENCE = path.resolve(here, "../../db");

describe.skipIf(!fs.existsSync(JUDGE_DEV))("no phrase of the judge-dev pieces in a rule", () => {
  it("finds no 6-word run of a piece in the quality check's source", () => {
    expect(
      fixtureLeaks({ fixtures: JUDGE_DEV, sources: [QUALITY, LANGUAGE], reference: REFERENCE }),
    ).toEqual([]);
  });

  it("fires when a piece's phrase is planted in a rule", () => {
    // Plant the first 6-word run of one piece's body (found at run time, not typed here).
    const piece = fs
      .readdirSync(path.join(JUDGE_DEV, "adversarial"))
      .find((f) => f.endsWith(".md"))!;
    const body = fs
      .readFileSync(path.join(JUDGE_DEV, "adversarial", piece), "utf8")
      .split("## Body")[1]!;
    const phrase = (body.toLowerCase().match(/[a-z0-9']+/g) ?? []).slice(0, 6).join(" ");
    const planted = fs.mkdtempSync(path.join(os.tmpdir(), "planted-rule-"));
    try {
      fs.writeFileSync(path.join(planted, "rule.ts"), `export const RULE = /${phrase}/i;\n`);
      const hits = fixtureLeaks({ fixtures: JUDGE_DEV, sources: [planted], reference: REFERENCE });
      expect(hits).toContain(`rule.ts: "${phrase}"`);
    } finally {
      fs.rmSync(planted, { recursive: true, force: true });
    }
  });
});
