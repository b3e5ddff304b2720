import { describe, expect, it } from "vitest";
import { assertWellFormedXml } from "../../../test/support/content";
import {
  INFOGRAPHIC_HEIGHT,
  INFOGRAPHIC_WIDTH,
  escapeXml,
  metricsFromText,
  renderInfographic,
  splitMetric,
  wrapText,
} from "./infographic";

const hostile = `Cut ECOs <script>alert("x")</script> & "quotes" 'too' ]]> \u0001`;

describe("infographic", () => {
  it("escapes every XML special character and drops invalid ones", () => {
    expect(escapeXml(`<a href="x">&'</a>\u0000`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;",
    );
  });

  it("renders a 1200×675 well-formed SVG with no scripts or external references", () => {
    const svg = renderInfographic({
      headline: hostile,
      metrics: [
        "35-45% reduction in engineering change orders",
        `20-30% <b onload="x()">decrease</b> in time-to-market & more`,
        "15-20% reduction in product cost",
        "25-35% improvement in first-time quality",
        "40-50% faster design cycle time",
        "a sixth metric that is dropped",
      ],
      companyName: `Northwind <Cost> & "Systems"`,
      subtitle: "Thought Leadership for the VP of Engineering in Aerospace",
    });
    assertWellFormedXml(svg);
    expect(svg).toContain(`width="${INFOGRAPHIC_WIDTH}" height="${INFOGRAPHIC_HEIGHT}"`);
    expect(svg).not.toMatch(/<script|\son\w+="|\shref="|xlink:|<image|<foreignObject|url\(/i);
    expect(svg).toContain("&lt;script&gt;");
    expect(svg).toContain("Northwind &lt;Cost&gt; &amp; &quot;Systems&quot;");
    expect(svg).not.toContain("sixth metric");
    // Five metric cards.
    expect(svg.match(/<rect [^>]*rx="16"/g)).toHaveLength(5);
    expect(svg).toContain(">35-45%<");
  });

  it("renders without metrics", () => {
    const svg = renderInfographic({ headline: "Short", metrics: [], companyName: "N" });
    assertWellFormedXml(svg);
    expect(svg).not.toMatch(/rx="16"/);
  });

  it("wraps text into at most the given lines, with an ellipsis when cut", () => {
    expect(wrapText("one two three four", 9, 3)).toEqual(["one two", "three", "four"]);
    const cut = wrapText("alpha beta gamma delta epsilon zeta", 11, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1]?.endsWith("…")).toBe(true);
    for (const line of wrapText("x".repeat(30), 10, 5)) expect(line.length).toBeLessThanOrEqual(10);
  });

  it("splits a metric label into value and text", () => {
    expect(splitMetric("35-45% reduction in engineering change orders")).toEqual({
      value: "35-45%",
      text: "reduction in engineering change orders",
    });
    expect(splitMetric("No number here")).toEqual({ value: "", text: "No number here" });
  });

  it("finds statistics in text when no metrics were chosen", () => {
    expect(
      metricsFromText("Teams saw 30% fewer late ECOs. Also 12 % lower tooling cost; more."),
    ).toEqual(["30% fewer late ECOs", "12% lower tooling cost"]);
  });
});
