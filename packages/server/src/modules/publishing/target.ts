import type { ConnectionSettings, WebflowFieldMapping } from "@content-studio/contract";
import type { PublishingConfig } from "../../config";

/** What a draft is made of: the approved version's text, its links carrying UTM parameters. */
export interface DraftDocument {
  /** The slug set on the draft (and looked up when an answer was lost). */
  key: string;
  title: string;
  /** Sanitised HTML: headline, introduction, body and conclusion. */
  html: string;
  /** The introduction as plain text (excerpt, summary, meta description). */
  summary: string;
}

/** A connection opened for a call: its settings and its secret, in memory only. */
export interface OpenConnection {
  settings: ConnectionSettings;
  secret: string;
  fieldMapping: WebflowFieldMapping | null;
  /** Origins allowed over http or on private addresses (the webhook allow-list). */
  allowedOrigins: string[];
  env: PublishingConfig;
}

/** The draft at the target. */
export interface DraftRef {
  externalId: string;
  /** Where an editor opens it, when the target says. */
  externalUrl: string | null;
}

/** One publishing target. Every call makes or changes a draft only, never a live version. */
export interface PublishingAdapter {
  /** A read that proves the credentials work; throws TargetError otherwise. */
  test(c: OpenConnection): Promise<{ message: string; fieldMapping?: WebflowFieldMapping }>;
  /** The draft made earlier with this key (a create whose answer was lost), or null. */
  findDraft(c: OpenConnection, doc: DraftDocument): Promise<DraftRef | null>;
  createDraft(c: OpenConnection, doc: DraftDocument): Promise<DraftRef>;
  /** Updates the draft (never the live version); refuses when that is not possible. */
  updateDraft(c: OpenConnection, externalId: string, doc: DraftDocument): Promise<DraftRef>;
}

/** The connection's settings, which must be `target`'s (an adapter is handed its own only). */
export function settingsFor<K extends ConnectionSettings["target"]>(
  c: OpenConnection,
  target: K,
): Extract<ConnectionSettings, { target: K }> {
  if (c.settings.target !== target) throw new Error(`not a ${target} connection`);
  return c.settings as Extract<ConnectionSettings, { target: K }>;
}
