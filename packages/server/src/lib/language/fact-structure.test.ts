import { FactStructureSchema } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { deriveFactStructure } from "./fact-structure";

describe("deriveFactStructure", () => {
  it("never derives a structure the contract refuses (a one-letter measure after a hex id)", () => {
    // Was {"measure":"e"}: the figure 2674062 read out of an id, then "e" as what it measures.
    const known = deriveFactStructure(
      "Customers quote configured equipment-298-2674062e 3x faster with NCS Pro.",
    );
    expect(FactStructureSchema.safeParse(known).success).toBe(true);
    // Statements with ids of every shape (seeded, so a failure can be replayed).
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    for (let i = 0; i < 3_000; i++) {
      const id = next().toString(16).padStart(8, "0");
      const statement = `Customers quote configured equipment-${i}-${id} 3x faster with NCS Pro.`;
      const structure = deriveFactStructure(statement);
      if (structure) expect(FactStructureSchema.safeParse(structure).success, statement).toBe(true);
    }
  });
});
