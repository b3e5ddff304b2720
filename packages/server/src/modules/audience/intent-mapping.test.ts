import { describe, expect, it } from "vitest";
import {
  mapIndustry,
  mapPersona,
  mapStage,
  normaliseDomain,
  personasForTopic,
} from "./intent-mapping";

describe("intent mapping", () => {
  it("normalises domains and refuses what is not one", () => {
    expect(normaliseDomain("https://www.Example.com/path?q=1")).toBe("example.com");
    expect(normaliseDomain("sub.example.co.uk:8080")).toBe("sub.example.co.uk");
    expect(normaliseDomain("example.com.")).toBe("example.com");
    expect(normaliseDomain("not a domain")).toBeNull();
    expect(normaliseDomain("localhost")).toBeNull();
    expect(normaliseDomain("=cmd|' /C calc'!A0")).toBeNull();
  });

  it("maps industries exactly, to the closest of ours, or to other", () => {
    expect(mapIndustry("High-Tech")).toEqual({ id: "high-tech", exact: true });
    expect(mapIndustry("AEROSPACE")).toEqual({ id: "aerospace", exact: true });
    expect(mapIndustry("Aerospace & Defense")).toEqual({ id: "aerospace", exact: false });
    expect(mapIndustry("Semiconductors")).toEqual({ id: "high-tech", exact: false });
    expect(mapIndustry("Motor Vehicles")).toEqual({ id: "automotive", exact: false });
    expect(mapIndustry("Industrial Machinery")).toEqual({ id: "industrial", exact: false });
    expect(mapIndustry("Retail")).toEqual({ id: "other", exact: false });
    expect(mapIndustry("")).toEqual({ id: "other", exact: false });
  });

  it("maps 6sense and template stages onto ours", () => {
    expect(mapStage("Target")).toBe("awareness");
    expect(mapStage(" Consideration ")).toBe("consideration");
    expect(mapStage("Purchase")).toBe("decision");
    expect(mapStage("shopping")).toBeNull();
  });

  it("reads personas from ids, titles and topics", () => {
    expect(mapPersona("vp-engineering")).toBe("vp-engineering");
    expect(mapPersona("Director of Engineering")).toBe("director-engineering");
    expect(mapPersona("Chief Janitor")).toBeNull();
    expect(personasForTopic("Should Cost Analysis")).toEqual(["vp-engineering"]);
    expect(personasForTopic("PLM integration")).toEqual(["cto"]);
    expect(personasForTopic("Office Furniture")).toEqual([]);
  });
});
