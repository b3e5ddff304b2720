import { describe, expect, it } from "vitest";
import { assertWellFormedXml } from "../../../test/support/content";
import {
  INFOGRAPHIC_HEIGHT,
  INFOGRAPHIC_WIDTH,
  escapeXml,
  fitLines,
  metricsFromText,
  renderInfographic,
  splitMetric,
  textWidth,
} from "./infographic";

/** Every text element of an SVG: its x, font size, weight, anchor and text. */
function texts(svg: string) {
  return [
    ...svg.matchAll(
      /<text x="(\d+(?:\.\d+)?)" y="\d+" text-anchor="(\w+)" ([^>]*)>([^<]*)<\/text>/g,
    ),
  ].map((m) => ({
    x: Number(m[1]),
    anchor: m[2]!,
    size: Number(/font-size="(\d+)"/.exec(m[3]!)![1]),
    bold: m[3]!.includes('font-weight="700"'),
    text: m[4]!
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'"),
  }));
}

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

  it("wraps measured text into at most the given lines, ending at a word with an ellipsis when cut", () => {
    expect(fitLines("one two three four", textWidth("one two", 20), 20, 3).lines).toEqual([
      "one two",
      "three",
      "four",
    ]);
    const cut = fitLines(
      "alpha beta gamma delta epsilon zeta",
      textWidth("alpha beta gam", 20),
      20,
      2,
    );
    expect(cut.truncated).toBe(true);
    expect(cut.lines).toEqual(["alpha beta", "gamma delta…"]);
    for (const line of fitLines("x".repeat(30), 60, 20, 5).lines) {
      expect(textWidth(line, 20)).toBeLessThanOrEqual(60);
    }
  });

  it("fits every headline inside the image: smaller type first, a cut only as the last resort", () => {
    const headlines = [
      "Short",
      "Should-cost analysis in aerospace design reviews: a step-by-step guide for aerospace teams",
      "How does should-cost modeling help us negotiate with suppliers? A view for aerospace engineering leaders",
      "WWWWWWWWWW MMMMMMMMMM WWWWWWWWWW MMMMMMMMMM WWWWWWWWWW MMMMMMMMMM WWWWWWWWWW MMMMMMMMMM",
      "Supercalifragilisticexpialidociousnessofthisveryverylongcompoundwordwithoutanyspaces",
      "word ".repeat(80).trim(),
    ];
    for (const headline of headlines) {
      for (const metrics of [
        [],
        ["35-45% reduction in engineering change orders", "15-20% reduction in product cost"],
      ]) {
        const svg = renderInfographic({
          headline,
          metrics,
          companyName: "Northwind Cost Systems",
          subtitle: "Technical Guide for the VP of Engineering in Aerospace",
        });
        assertWellFormedXml(svg);
        expect(svg).toContain(">INFOGRAPHIC<");
        expect(svg).toContain(`<title>Infographic: ${escapeXml(headline)}</title>`);
        for (const t of texts(svg)) {
          const width = textWidth(t.text, t.size, t.bold);
          if (t.anchor === "start")
            expect(t.x + width, t.text).toBeLessThanOrEqual(INFOGRAPHIC_WIDTH - 64);
        }
        const headlineText = texts(svg)
          .filter((t) => t.bold && t.size >= 30 && t.anchor === "start")
          .map((t) => t.text)
          .join(" ");
        // A word wider than a line is split across lines; nothing else is lost.
        if (headline.length <= 120)
          expect(headlineText.replace(/\s/g, "")).toBe(headline.replace(/\s/g, ""));
        else expect(headlineText).toMatch(/\S…$/);
      }
    }
  });

  it("keeps metric card text inside its card", () => {
    const svg = renderInfographic({
      headline: "Five cards",
      metrics: [
        "35-45% reduction in engineering change orders across every program we have ever run in the company",
        "20-30% decrease in time-to-market",
        "15-20% reduction in product cost",
        "25-35% improvement in first-time quality",
        "40-50% faster design cycle time",
      ],
      companyName: "N",
    });
    const cardWidth = Math.floor((INFOGRAPHIC_WIDTH - 128 - 80) / 5);
    for (const t of texts(svg).filter((t) => t.anchor === "middle")) {
      expect(textWidth(t.text, t.size, t.bold), t.text).toBeLessThanOrEqual(cardWidth - 28);
    }
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
