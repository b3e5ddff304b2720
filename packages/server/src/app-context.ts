import type { Kysely } from "kysely";
import type { Config } from "./config";
import type { DatabaseKind } from "./db/database";
import type { Database } from "./db/types";
import type { BackgroundJobs } from "./lib/background-jobs";
import type { FairQueue } from "./lib/fair-queue";
import type { Auth } from "./modules/auth/auth";
import type { Mailer } from "./modules/mail/mail.service";

/** What every module is built with: created once in buildApp, passed down explicitly. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  auth: Auth;
  /** Work started by requests and still running in this process (ingests). */
  jobs: BackgroundJobs;
  /** The cap and fair queue in front of example searches (one per process). */
  exampleSearches: FairQueue;
  /** Outgoing mail (disabled unless SMTP_URL and MAIL_FROM are set). */
  mailer: Mailer;
}
