import { COMPANY_CATALOG, INDUSTRIES, PERSONAS } from "../../src/db/seed/reference-data";
import type { ContentBrief } from "../../src/modules/ai/writer";

/** Helpers for the content tests. */

/**
 * A writer's brief for the seeded company: the first persona and industry at the consideration
 * stage (the journey follows the persona and stage), a technical guide, no examples. Every field
 * can be overridden.
 */
export function contentBrief(overrides: Partial<ContentBrief> = {}): ContentBrief {
  const persona = overrides.persona ?? PERSONAS[0]!;
  const buyingStage = overrides.buyingStage ?? "consideration";
  return {
    persona,
    industry: INDUSTRIES[0]!,
    buyingStage,
    journey: persona.buyingJourney[buyingStage],
    contentType: "technical-guide",
    topic: "Should-cost in design reviews",
    keyMetrics: [],
    solutions: [COMPANY_CATALOG.solutions[0]!],
    companyName: COMPANY_CATALOG.companyName,
    companyDescription: COMPANY_CATALOG.description,
    offers: COMPANY_CATALOG.offers,
    primaryKeyword: undefined,
    goodExamples: [],
    badExamples: [],
    ...overrides,
  };
}

/**
 * A strict well-formedness check for the XML subset an SVG uses: balanced elements, one root,
 * quoted attributes, and no bare `<` or `&` in text or attribute values.
 */
export function assertWellFormedXml(xml: string): void {
  const source = xml.replace(/^<\?xml[^?]*\?>\s*/, "");
  const entity = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;
  const checkText = (text: string) => {
    if (/[<>]/.test(text.replace(/>/g, ""))) throw new Error(`bare < in text: ${text}`);
    if (text.replace(entity, "").includes("&")) throw new Error(`bare & in: ${text}`);
  };
  const stack: string[] = [];
  let roots = 0;
  for (const token of source.match(/<[^>]*>|[^<]+/g) ?? []) {
    if (!token.startsWith("<")) {
      if (stack.length === 0 && token.trim()) throw new Error(`text outside the root: ${token}`);
      checkText(token);
      continue;
    }
    const close = /^<\/([A-Za-z][\w:.-]*)\s*>$/.exec(token);
    if (close) {
      if (stack.pop() !== close[1]) throw new Error(`mismatched </${close[1]}>`);
      continue;
    }
    const open = /^<([A-Za-z][\w:.-]*)((?:\s+[A-Za-z][\w:.-]*="[^"<]*")*)\s*(\/?)>$/.exec(token);
    if (!open) throw new Error(`malformed tag: ${token}`);
    checkText(open[2] ?? "");
    if (stack.length === 0) roots++;
    if (open[3] !== "/") stack.push(open[1] ?? "");
  }
  if (stack.length > 0) throw new Error(`unclosed: ${stack.join(", ")}`);
  if (roots !== 1) throw new Error(`expected one root element, found ${roots}`);
}
