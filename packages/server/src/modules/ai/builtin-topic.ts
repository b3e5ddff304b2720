import { lowerFirst, upperFirst } from "./builtin-text";

/**
 * What the offline outline writer understands of a topic line: its grammatical form, a clean
 * sentence-cased version, a noun phrase it can use inside a sentence, and its content words
 * (to choose sections by relevance). Pure string work; no dictionary beyond the small lists
 * below.
 */

export type TopicForm = "question" | "imperative" | "phrase";

export interface TopicInfo {
  /** Sentence-cased, whitespace collapsed, no trailing full stop ("?" kept for questions). */
  text: string;
  form: TopicForm;
  /** A noun phrase for use inside a sentence, lower-cased first letter unless an acronym. */
  phrase: string;
  /** The phrase is a gerund phrase ("reducing ECO costs"), which some frames do not take. */
  gerund: boolean;
  /** The topic is a wh-clause ("why late changes cost so much"): no "a guide to" before it. */
  clause: boolean;
  /** A short noun phrase (at most four words) for tight spaces such as subject lines. */
  short: string;
  /** Content words, lower-cased. */
  words: string[];
  /** Stems of the content words, for matching. */
  stems: string[];
}

/** Function words: never a topic's content. */
export const STOP = new Set(
  (
    "a an the and or but nor so yet of in on at to for from by with without about into onto over under " +
    "between through across after before during than as is are was were be been being am do does did " +
    "doing have has had having can could should would will shall may might must not no yes this that " +
    "these those it its it's they them their there here we our us you your i me my he she his her " +
    "what why how when where who whom whose which while if then else also just only very more most " +
    "less least much many some any each every all both either neither such own same other another " +
    "up down out off again further once too vs versus via per"
  ).split(" "),
);

const WH_CLAUSE = /^(how|why|what|when|where|who|which)\s/i;
const AUXILIARY =
  /^(is|are|was|were|do|does|did|can|could|should|would|will|shall|may|might|must|has|have|had|to)$/i;

const QUESTION_START =
  /^(how|why|what|when|where|who|which|whose|is|are|was|were|can|could|should|would|will|do|does|did|has|have)(?=\s|$)/i;

/** Verbs that start an imperative topic whatever follows. */
const VERBS = new Set(
  (
    "reduce cut build make use choose stop start ignore write get improve lower avoid compare select " +
    "evaluate win shorten bring move put find create manage prove justify integrate automate adopt " +
    "replace negotiate protect hit meet close deliver optimize optimise streamline simplify understand " +
    "learn know keep let tell show give take try ask see rethink master unlock leverage boost increase " +
    "accelerate eliminate prevent align connect standardize standardise digitize digitise transform " +
    "modernize modernise calculate assess identify analyze analyse forecast prepare stay avoid defend " +
    "speed save shrink slash tame beat fix embed bake shift sell buy hire train explain help " +
    "matter affect pay fit differ mean need require support enable cause hurt work worth"
  ).split(" "),
);

/** Words that are verbs or nouns: imperative only before a determiner ("Design the …"). */
const AMBIGUOUS_VERBS = new Set(
  (
    "design cost plan control quote measure benchmark track drive run launch ship scale estimate turn " +
    "change model test source price target review release map"
  ).split(" "),
);

const DETERMINER =
  /^(the|a|an|your|our|their|its|this|these|those|every|each|more|less|fewer|better|cost|costs)$/i;

/** Acronyms kept upper-case when a topic is written in capitals. */
const ACRONYMS = new Set(
  (
    "AI ML ECO ECN BOM PLM CAD CAE CAM ERP MES ROI NPI CTO CFO CEO COO VP OEM ODM EMS DFM DFMA DFX CNC " +
    "PPAP SOP RFQ RFP EV EVT DVT PVT HVAC IOT IT KPI KPIS QA QC R&D PCB PCBA US EU UK USA ESG CO2 SaaS " +
    "TCO MRO FAA EASA PDR CDR FAI APQP IATF AS9100 ISO"
  ).split(" "),
);

const DOUBLE_FINAL = new Set(
  "cut stop plan get put run win ship hit set let slash trim map drop swap".split(" "),
);

/** "reduce" → "reducing", "cut" → "cutting", "tie" → "tying". */
export function gerundOf(verb: string): string {
  const v = verb.toLowerCase();
  if (v.endsWith("ie")) return `${v.slice(0, -2)}ying`;
  if (DOUBLE_FINAL.has(v)) return `${v}${v.at(-1)}ing`;
  if (/[^aeiouy]e$/.test(v) || /[^e]ue$/.test(v)) return `${v.slice(0, -1)}ing`;
  return `${v}ing`;
}

/** A crude stem for matching: "costs" → "cost", "simulations" → "simul", "reducing" → "reduc". */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, "");
  if (w.length <= 3) return w;
  for (const suffix of [
    "ations",
    "ation",
    "ings",
    "ing",
    "ies",
    "ied",
    "ers",
    "er",
    "es",
    "ed",
    "s",
  ]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  return w.replace(/e$/, "");
}

/** Words of a text, letters and digits with inner hyphens or apostrophes. */
export function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’&-]*/gu) ?? [];
}

/** Content-word stems of any text. */
export function stemsOf(text: string): string[] {
  return wordsOf(text)
    .map((w) => w.toLowerCase())
    .filter((w) => !STOP.has(w) && w.length > 1)
    .map(stem);
}

/** How many of `terms` occur in `stems` (both stemmed); a stem matches when one starts with the other. */
export function overlap(terms: readonly string[], stems: readonly string[]): number {
  let n = 0;
  for (const term of new Set(terms.map(stem))) {
    const hit = stems.some(
      (s) =>
        s === term ||
        (term.length >= 4 && s.startsWith(term)) ||
        (s.length >= 4 && term.startsWith(s)),
    );
    if (hit) n += 1;
  }
  return n;
}

/** Upper-case text (more than three letters, none lower-case) in sentence case, acronyms kept. */
function recase(text: string): string {
  const letters = text.replace(/[^\p{L}]/gu, "");
  if (letters.length <= 3 || /\p{Ll}/u.test(letters)) return text;
  return text.replace(/[\p{L}\p{N}][\p{L}\p{N}'’&-]*/gu, (word) => {
    const bare = word.replace(/['’]S$/, "").replace(/S$/, "");
    if (ACRONYMS.has(word) || ACRONYMS.has(word.toUpperCase())) return word;
    if (ACRONYMS.has(bare) && word.endsWith("S")) return `${bare}s`;
    return word.toLowerCase();
  });
}

/** The first run of content words (two to four), else the longest run, else the first words. */
function nounPhraseOf(words: string[]): string {
  const runs: string[][] = [];
  let current: string[] = [];
  for (const word of words) {
    const lower = word.toLowerCase();
    if (STOP.has(lower) || VERBS.has(lower) || QUESTION_START.test(lower)) {
      if (current.length > 0) runs.push(current);
      current = [];
    } else {
      current.push(word);
    }
  }
  if (current.length > 0) runs.push(current);
  const best =
    runs.find((r) => r.length >= 2) ??
    runs.reduce<string[]>((a, b) => (b.length > a.length ? b : a), []);
  const chosen = best.length > 0 ? best : words.slice(0, 3);
  return chosen.slice(0, 4).join(" ");
}

/** At most `max` words of a phrase, never ending on a function word. */
function firstWords(phrase: string, max: number): string {
  const words = phrase.split(" ").slice(0, max);
  while (words.length > 1 && STOP.has(words.at(-1)!.toLowerCase())) words.pop();
  return words.join(" ");
}

/** Longest topic used whole inside a sentence; longer ones are represented by their noun phrase. */
const PHRASE_MAX_WORDS = 10;

export function analyzeTopic(raw: string): TopicInfo {
  let text = raw
    .normalize("NFKC")
    .replace(/[\p{Cc}\p{Cf}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^["“'‘(]+|["”'’)]+$/g, "")
    .trim();
  text = recase(text).replace(/[\s.;:,!]+$/, "");
  if (!/[\p{L}\p{N}]/u.test(text)) text = "Product cost";
  const words = wordsOf(text);
  const first = (words[0] ?? "").toLowerCase();
  const second = (words[1] ?? "").toLowerCase();

  let form: TopicForm = "phrase";
  // "Why late changes cost so much" is a clause, not a question: it reads well as a headline
  // and after "at" or "about", but gets no question mark.
  const clause = !text.endsWith("?") && WH_CLAUSE.test(text) && !AUXILIARY.test(second);
  if (!clause && (text.endsWith("?") || QUESTION_START.test(text))) form = "question";
  else if (
    words.length >= 2 &&
    (VERBS.has(first) || (AMBIGUOUS_VERBS.has(first) && DETERMINER.test(second)))
  ) {
    form = "imperative";
  }
  const base = text.replace(/\?+$/, "");
  text = upperFirst(base);
  if (form === "question") text = `${text}?`;

  const content = words.filter((w) => !STOP.has(w.toLowerCase()));
  const np = nounPhraseOf(words);
  let phrase: string;
  let gerund = false;
  if (form === "imperative" && words.length <= PHRASE_MAX_WORDS) {
    // "Reduce ECO costs and cut rework" → "reducing ECO costs and cutting rework".
    const parts = text.split(" ");
    phrase = parts
      .map((word, i) => {
        const lower = word.toLowerCase();
        const afterJoin = i > 0 && /^(and|or|then)$/i.test(parts[i - 1] ?? "");
        if (i === 0 || (afterJoin && VERBS.has(lower))) return gerundOf(lower);
        return word;
      })
      .join(" ");
    gerund = true;
  } else if (form === "phrase" && words.length <= PHRASE_MAX_WORDS) {
    phrase = clause ? base.charAt(0).toLowerCase() + base.slice(1) : lowerFirst(base);
    gerund =
      /^\p{L}+ing$/u.test(first) &&
      !/^(engineering|manufacturing|pricing|tooling|costing|sourcing|machining|casting|packaging|building|marketing|planning|testing|modeling|modelling|welding|forging|molding|moulding|printing)$/.test(
        first,
      );
  } else {
    phrase = lowerFirst(np);
  }
  // The subject of a wh-clause or question: "why late changes cost so much" → "late changes",
  // "How does should-cost modeling help us …?" → "should-cost modeling".
  const subject: string[] = [];
  if (clause || form === "question") {
    const start = form === "question" && AUXILIARY.test(second) ? 2 : 1;
    for (const word of words.slice(start)) {
      const lower = word.toLowerCase();
      if (
        STOP.has(lower) ||
        VERBS.has(lower) ||
        AMBIGUOUS_VERBS.has(lower) ||
        AUXILIARY.test(lower)
      )
        break;
      subject.push(word);
    }
  }
  const short =
    subject.length > 0
      ? firstWords(subject.join(" "), 4)
      : firstWords(words.length <= 4 && form === "phrase" ? lowerFirst(text) : lowerFirst(np), 4);
  return {
    text,
    form,
    phrase,
    gerund,
    clause,
    short,
    words: content.map((w) => w.toLowerCase()),
    stems: content.map(stem),
  };
}

/**
 * Wording that addresses a model rather than naming a subject ("ignore previous instructions",
 * "write a poem", "system prompt", "you are now …"). Such a topic is still data: the outline
 * quotes it as a title and never acts on it.
 */
const INSTRUCTION_PATTERNS = [
  /\b(ignore|disregard|forget|override)\b[^.?!]{0,40}\b(instructions?|prompts?|rules|above|previous)\b/i,
  /\bsystem\s+prompt\b/i,
  /^\s*(please\s+)?(write|compose|generate|create|tell|give)\s+(me\s+)?(a|an|some)?\s*(poem|song|story|joke|haiku|limerick|recipe|essay)\b/i,
  /\b(write|compose)\s+(a|an)\s+(poem|song|story|joke|haiku|limerick)\b/i,
  /\byou\s+are\s+(now\s+)?(a|an|chatgpt|the\s+model|an?\s+ai)\b/i,
  /\b(act\s+as|pretend\s+to\s+be|jailbreak|developer\s+mode)\b/i,
  /\b(assistant|model|grader|reviewer|judge)\s*[:,]\s*(ignore|rate|score|give)\b/i,
];

export function readsAsInstruction(topic: string): boolean {
  return INSTRUCTION_PATTERNS.some((pattern) => pattern.test(topic));
}

/** A topic's noun chunks and the verbs before them, in order: what an outline's points quote. */
export interface TopicUnits {
  /** Runs of content words (at most five) between function words and verbs. */
  nouns: string[];
  /** An action the topic asks for: a verb and the chunk right after it ("reduce", "ECO costs"). */
  actions: { verb: string; object: string }[];
}

/** Verbs that take no object and end a chunk ("campaigns fail", "costs rise"). */
const INTRANSITIVE = new Set(
  "fail fails failed rise rises rose grow grows grew happen happens stall stalls stalled".split(
    " ",
  ),
);

export function topicUnits(text: string): TopicUnits {
  const words = wordsOf(text);
  const nouns: string[] = [];
  const actions: { verb: string; object: string }[] = [];
  let run: string[] = [];
  let pendingVerb: string | undefined;
  const close = () => {
    if (run.length > 0) {
      const chunk = run.slice(0, 5).join(" ");
      if (!nouns.some((n) => n.toLowerCase() === chunk.toLowerCase())) nouns.push(chunk);
      if (pendingVerb) actions.push({ verb: pendingVerb, object: chunk });
    }
    pendingVerb = undefined;
    run = [];
  };
  for (const [i, word] of words.entries()) {
    const lower = word.toLowerCase();
    const isVerb =
      VERBS.has(lower) ||
      (AMBIGUOUS_VERBS.has(lower) && DETERMINER.test(words[i + 1] ?? "") && run.length === 0);
    if (INTRANSITIVE.has(lower) && run.length > 0) {
      close();
      continue;
    }
    if (isVerb || QUESTION_START.test(lower) || AUXILIARY.test(lower)) {
      close();
      pendingVerb = isVerb ? lower : undefined;
      continue;
    }
    if (STOP.has(lower)) {
      // A determiner between a verb and its object keeps the verb waiting for the object.
      const keep = run.length === 0 && pendingVerb && DETERMINER.test(lower);
      const waiting = keep ? pendingVerb : undefined;
      close();
      pendingVerb = waiting;
      continue;
    }
    run.push(word);
  }
  close();
  return { nouns, actions };
}
