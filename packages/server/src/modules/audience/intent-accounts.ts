import {
  INTENT_IMPORT_LIMITS,
  SURGE_THRESHOLD,
  stageFromSurgeScore,
  type AccountIndustry,
  type BuyingStage,
  type ImportIssue,
  type ImportIssueCode,
  type IntentAccount,
  type IntentLayout,
} from "@content-studio/contract";
import { mapPersona, personasForTopic } from "./intent-mapping";

/** Issues kept in the report; the counts cover all of them. */
const MAX_REPORTED_ISSUES = 200;

/** A file's issues: the first MAX_REPORTED_ISSUES kept, all of them counted. */
export class IssueLog {
  readonly issues: ImportIssue[] = [];
  errorCount = 0;
  warningCount = 0;

  report(
    row: number | null,
    code: ImportIssueCode,
    severity: "error" | "warning",
    params: Record<string, string | number> = {},
  ) {
    if (severity === "error") this.errorCount += 1;
    else this.warningCount += 1;
    if (this.issues.length < MAX_REPORTED_ISSUES) this.issues.push({ row, code, severity, params });
  }
}

/** A data row that passed the checks, in the form the accounts are built from. */
export interface AccountRow {
  line: number;
  name: string;
  domain: string;
  industry: AccountIndustry;
  /** null: the row has no score (6sense without one; Bombora rows carry it per topic). */
  score: number | null;
  stage: BuyingStage | null;
  country: string;
  /** Template and 6sense: "a; b|c" as written. */
  personas: string;
  /** Template and 6sense: "topic:score; topic" as written. */
  keywords: string;
  /** Bombora: the row's topic and its category. */
  topic: string;
  category: string;
}

/**
 * One account being assembled from its rows. A file may name 200,000 accounts, so a draft is
 * kept small: plain arrays instead of a Set and a Map each, topics interned per file.
 */
interface Draft {
  name: string;
  domain: string;
  industry: AccountIndustry;
  intent: number | null;
  stage: BuyingStage | null;
  /** null until the first persona. */
  personas: string[] | null;
  explicitPersonas: boolean;
  /** topic, score, topic, score, …; null until the first topic. */
  topics: (string | number)[] | null;
  country: string | null;
  /** The line that first named this account. */
  firstRow: number;
}

function addPersona(draft: Draft, persona: string) {
  if (!draft.personas) draft.personas = [persona];
  else if (!draft.personas.includes(persona)) draft.personas.push(persona);
}

/** Keeps a topic's highest score. */
function addTopic(draft: Draft, topic: string, score: number) {
  const topics = (draft.topics ??= []);
  for (let i = 0; i < topics.length; i += 2) {
    if (topics[i] === topic) {
      topics[i + 1] = Math.max(topics[i + 1] as number, score);
      return;
    }
  }
  topics.push(topic, score);
}

/** "0-100", "87.5" or "87%" → a whole score; null when it is not one. */
export function parseScore(raw: string): number | null {
  const value = raw.trim().replace(/%$/, "");
  if (!/^\d{1,3}(\.\d+)?$/.test(value)) return null;
  const n = Number(value);
  return n >= 0 && n <= 100 ? Math.round(n) : null;
}

/**
 * The accounts of one file, assembled row by row: one row per account (template, 6sense; a
 * repeat is combined with the first and reported) or one per account and topic (Bombora; only
 * a repeated topic is reported).
 */
export class AccountDrafts {
  private readonly drafts = new Map<string, Draft>();
  /** Bombora: the line of each account × topic, so a repeated pair can be reported. */
  private readonly topicLines = new Map<string, number>();
  /** Each topic's text once per file: a topic is named by thousands of accounts. */
  private readonly words = new Map<string, string>();

  constructor(
    private readonly layout: IntentLayout,
    private readonly log: IssueLog,
  ) {}

  get size() {
    return this.drafts.size;
  }

  add(row: AccountRow) {
    const draft = this.draftFor(row);
    if (row.country) draft.country = row.country;
    if (this.layout === "bombora") this.addTopicRow(draft, row);
    else this.addAccountRow(draft, row);
  }

  /** The accounts, once: each draft is let go as its account is handed out. */
  *take(): Generator<IntentAccount> {
    this.words.clear();
    this.topicLines.clear();
    for (const [domain, draft] of this.drafts) {
      this.drafts.delete(domain);
      yield this.accountOf(draft);
    }
  }

  private intern(word: string) {
    const seen = this.words.get(word);
    if (seen !== undefined) return seen;
    this.words.set(word, word);
    return word;
  }

  private draftFor(row: AccountRow): Draft {
    const draft = this.drafts.get(row.domain);
    if (!draft) {
      const fresh: Draft = {
        name: row.name,
        domain: row.domain,
        industry: row.industry,
        intent: null,
        stage: null,
        personas: null,
        explicitPersonas: false,
        topics: null,
        country: null,
        firstRow: row.line,
      };
      this.drafts.set(row.domain, fresh);
      return fresh;
    }
    if (this.layout !== "bombora") {
      this.log.report(row.line, "row_duplicate_domain", "warning", {
        domain: row.domain,
        firstRow: draft.firstRow,
      });
    }
    draft.name = row.name;
    draft.industry = row.industry;
    return draft;
  }

  private addTopicRow(draft: Draft, row: AccountRow) {
    if (row.topic && row.score !== null) {
      const key = row.topic.replace(/\s+/g, " ");
      const pair = `${row.domain}\n${key}`;
      const seenAt = this.topicLines.get(pair);
      if (seenAt === undefined) this.topicLines.set(pair, row.line);
      else
        this.log.report(row.line, "row_duplicate_domain", "warning", {
          domain: row.domain,
          firstRow: seenAt,
          topic: key.slice(0, 100),
        });
      addTopic(draft, this.intern(key), row.score);
    }
    if (row.score !== null && row.score >= SURGE_THRESHOLD) {
      for (const p of [...personasForTopic(row.topic), ...personasForTopic(row.category)])
        addPersona(draft, p);
    }
  }

  private addAccountRow(draft: Draft, row: AccountRow) {
    draft.intent = row.score;
    draft.stage = row.stage;
    if (row.personas) {
      draft.explicitPersonas = true;
      for (const raw of row.personas.split(/[;|]/)) {
        const value = raw.trim();
        if (!value) continue;
        const persona = mapPersona(value);
        if (persona) addPersona(draft, persona);
        else
          this.log.report(row.line, "row_unknown_persona", "warning", {
            value: value.slice(0, 100),
          });
      }
    }
    for (const raw of row.keywords.split(/[;|]/)) {
      const m = /^(.*?)(?::\s*(\d{1,3}(?:\.\d+)?))?$/.exec(raw.trim());
      const keyword = (m?.[1] ?? "").trim().replace(/\s+/g, " ");
      if (!keyword) continue;
      const weight = m?.[2] !== undefined ? parseScore(m[2]) : row.score;
      addTopic(draft, this.intern(keyword), weight ?? 0);
    }
  }

  /** The account a draft stands for, with its strongest topics. */
  private accountOf(d: Draft): IntentAccount {
    const topics: { topic: string; score: number }[] = [];
    const flat = d.topics ?? [];
    for (let i = 0; i < flat.length; i += 2)
      topics.push({ topic: flat[i] as string, score: flat[i + 1] as number });
    topics.sort((a, b) => b.score - a.score || a.topic.localeCompare(b.topic));
    topics.length = Math.min(topics.length, INTENT_IMPORT_LIMITS.maxTopicsPerAccount);
    const intent = d.intent ?? Math.max(0, ...topics.map((t) => t.score));
    if (!d.explicitPersonas && this.layout !== "bombora") {
      for (const t of topics)
        if (t.score >= SURGE_THRESHOLD) for (const p of personasForTopic(t.topic)) addPersona(d, p);
    }
    return {
      name: d.name,
      domain: d.domain,
      industry: d.industry,
      intent,
      buyingStage: d.stage ?? stageFromSurgeScore(intent),
      activePersonas: [...(d.personas ?? [])].sort(),
      topics,
      country: d.country,
    };
  }
}
