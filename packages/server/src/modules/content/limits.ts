import { REPURPOSE_LIMITS, charLength, cutAtSentence, xLength } from "@content-studio/contract";
import type { RepurposedContent } from "../ai/writer";

/** Which channel texts break their limit, in words a writer can act on. */
export function repurposeViolations(r: RepurposedContent): string[] {
  const out: string[] = [];
  const linkedin = charLength(r.linkedin.trim());
  if (linkedin > REPURPOSE_LIMITS.linkedin) {
    out.push(`linkedin is ${linkedin} characters; the limit is ${REPURPOSE_LIMITS.linkedin}.`);
  }
  const x = xLength(r.x.trim());
  if (x > REPURPOSE_LIMITS.x) {
    out.push(`x is ${x} characters (links count 23); the limit is ${REPURPOSE_LIMITS.x}.`);
  }
  if (r.emailSubjects.length < REPURPOSE_LIMITS.emailSubjects) {
    out.push(`emailSubjects must hold ${REPURPOSE_LIMITS.emailSubjects} subject lines.`);
  }
  r.emailSubjects.slice(0, REPURPOSE_LIMITS.emailSubjects).forEach((s, i) => {
    const n = charLength(s.trim());
    if (n > REPURPOSE_LIMITS.emailSubject) {
      out.push(
        `email subject ${i + 1} is ${n} characters; the limit is ${REPURPOSE_LIMITS.emailSubject}.`,
      );
    }
  });
  const newsletter = charLength(r.newsletter.trim());
  if (newsletter > REPURPOSE_LIMITS.newsletter) {
    out.push(
      `newsletter is ${newsletter} characters; the limit is ${REPURPOSE_LIMITS.newsletter}.`,
    );
  }
  return out;
}

/** Every text within its limit: over-long ones cut at a sentence (subjects at a word) boundary. */
export function enforceRepurposeLimits(r: RepurposedContent): RepurposedContent {
  return {
    linkedin: cutAtSentence(r.linkedin, REPURPOSE_LIMITS.linkedin),
    x: cutAtSentence(r.x, REPURPOSE_LIMITS.x, { measure: xLength }),
    emailSubjects: r.emailSubjects
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, REPURPOSE_LIMITS.emailSubjects)
      .map((s) => cutAtSentence(s, REPURPOSE_LIMITS.emailSubject, { ellipsis: false })),
    newsletter: cutAtSentence(r.newsletter, REPURPOSE_LIMITS.newsletter),
  };
}
