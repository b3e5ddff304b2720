import type { Fact } from "@content-studio/contract";

/** "35–45 %", "3x", "USD 1,200,000", or nothing for a qualitative fact. */
export function formatFigure(fact: Pick<Fact, "value" | "valueMax" | "unit">): string {
  if (fact.value === null || fact.unit === null) return "";
  const n = (v: number) => v.toLocaleString("en-US");
  const range = fact.valueMax !== null ? `${n(fact.value)}–${n(fact.valueMax)}` : n(fact.value);
  if (fact.unit === "%") return `${range}%`;
  if (fact.unit === "x") return `${range}x`;
  if (fact.unit === "count") return range;
  return `${fact.unit} ${range}`;
}
