import { describe, expect, it } from "vitest";
import { JUDGE_FIXTURES } from "../../../test/fixtures/judge";
import { splitSentences } from "../../modules/quality/readability";
import { loadShippedExamples } from "../../modules/quality/shipped-examples";
import { detectLanguage, mayBeNegated, plainlyEnglish, tagTokens } from "./nlp";

describe("mayBeNegated, the cheap test before tagging", () => {
  it("is true wherever the tagger finds a negated token (every shipped and fixture sentence)", () => {
    const texts = [
      ...loadShippedExamples().map((e) => e.body),
      ...JUDGE_FIXTURES.map((f) =>
        [f.draft.introduction, f.draft.body, f.draft.conclusion].join("\n"),
      ),
    ];
    const sentences = texts.flatMap((t) => splitSentences(t.replace(/\n+/g, ". ")));
    let negated = 0;
    for (const sentence of sentences) {
      if (tagTokens(sentence).some((t) => t.negated)) {
        negated++;
        expect(mayBeNegated(sentence), sentence).toBe(true);
      }
    }
    // The corpus has negations to test against, and most sentences need no tagging.
    expect(negated).toBeGreaterThan(10);
    expect(sentences.filter((s) => !mayBeNegated(s)).length).toBeGreaterThan(sentences.length / 2);
  });

  it.each([
    "This does not mean you pay 8% less.",
    "It isn't 5% cheaper.",
    "Teams cannot cut 5%.",
    "Programs rarely cut cost by 5%.",
    "Suppliers fail to hold a 5% reduction.",
    "Without rework the cost fell 5%.",
  ])("catches %s", (sentence) => {
    expect(tagTokens(sentence).some((t) => t.negated)).toBe(true);
    expect(mayBeNegated(sentence)).toBe(true);
  });

  it("passes plain statements without tagging", () => {
    const sentence = "Teams cut the cost of the bracket by 5% in one quarter.";
    expect(tagTokens(sentence).some((t) => t.negated)).toBe(false);
    expect(mayBeNegated(sentence)).toBe(false);
  });
});

describe("plainlyEnglish, the cheap test before identifying a language", () => {
  const foreign = {
    deu: "Die Konstrukteure prüfen die Herstellbarkeit jedes Bauteils, bevor die Zeichnung freigegeben wird, damit spätere Änderungen an den Werkzeugen vermieden werden.",
    fra: "Les ingénieurs vérifient la fabricabilité de chaque pièce avant la validation du plan, afin d'éviter des modifications coûteuses de l'outillage par la suite.",
    spa: "Los ingenieros revisan la fabricabilidad de cada pieza antes de liberar el plano, para evitar cambios costosos en las herramientas más adelante.",
    ita: "Gli ingegneri verificano la producibilità di ogni componente prima del rilascio del disegno, per evitare modifiche costose agli stampi in seguito.",
    por: "Os engenheiros verificam a fabricabilidade de cada peça antes de liberar o desenho, para evitar alterações caras no ferramental mais tarde.",
    nld: "De ingenieurs controleren de maakbaarheid van elk onderdeel voordat de tekening wordt vrijgegeven, om dure wijzigingen aan de gereedschappen te voorkomen.",
    pol: "Inżynierowie sprawdzają wykonalność każdej części przed zatwierdzeniem rysunku, aby uniknąć później kosztownych zmian w oprzyrządowaniu.",
    swe: "Ingenjörerna kontrollerar tillverkningsbarheten för varje del innan ritningen släpps, för att undvika dyra ändringar i verktygen senare.",
  };

  it.each(Object.entries(foreign))("is false for %s prose", (_, text) => {
    expect(plainlyEnglish(text)).toBe(false);
  });

  it("agrees with language identification wherever it answers, and answers for most English", () => {
    const paragraphs = loadShippedExamples()
      .flatMap((e) => e.body.split(/\n\s*\n/))
      .filter((p) => p.split(/\s+/).length >= 12);
    const plain = paragraphs.filter(plainlyEnglish);
    for (const p of plain) expect(detectLanguage(p), p).toBe("eng");
    expect(plain.length).toBeGreaterThan(paragraphs.length * 0.8);
  });
});
