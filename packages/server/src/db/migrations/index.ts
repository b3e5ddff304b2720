import type { Migration, MigrationProvider } from "kysely";
import * as m0001 from "./2026-11-21-0001-foundation";
import * as m0002 from "./2026-11-21-0002-examples";
import * as m0003 from "./2026-11-21-0003-content";
import * as m0200 from "./2026-11-24-0200-intent-data";
import * as m20261124_0500 from "./2026-11-24-0500-settings";
import * as m0400 from "./2026-11-24-0400-library";
import * as m0600 from "./2026-11-24-0600-example-search-words";
import * as m0700 from "./2026-11-24-0700-library-search-indexes";
import * as m1100 from "./2026-11-24-1100-library-statistics";
import * as m1300 from "./2026-11-24-1300-reference-version";
import * as m0300 from "./2026-11-24-0300-proof";
import * as m1600 from "./2026-11-24-1600-change-notifications";
import * as m1700 from "./2026-11-24-1700-library-change-notifications";
import * as m20261127_1140 from "./2026-11-27-1140-company-voice";
import * as m20261127_1150 from "./2026-11-27-1150-proof-fact-structure";
import * as m20261127_2000 from "./2026-11-27-2000-audit-no-truncate";
import * as m20261127_2100 from "./2026-11-27-2100-sign-in-guard";
import * as m20261127_2200 from "./2026-11-27-2200-settings-notify-library";
import * as m20261128_0100 from "./2026-11-28-0100-glossary";
import * as m20261128_0200 from "./2026-11-28-0200-campaign-brief";
import * as m20261128_0300 from "./2026-11-28-0300-campaign-kit";
import * as m20261128_0400 from "./2026-11-28-0400-ingest-run";
import * as m20261128_0500 from "./2026-11-28-0500-api-tokens";
import * as m20261128_0600 from "./2026-11-28-0600-webhooks";
import * as m20261128_0700 from "./2026-11-28-0700-single-sign-on";
import * as m20261128_0800 from "./2026-11-28-0800-publishing";
import * as m20261128_0900 from "./2026-11-28-0900-stored-files";
import * as m20261128_1000 from "./2026-11-28-1000-table-change-notifications";

/** Frozen, ordered migrations. Add new files; never edit a shipped one. */
const MIGRATIONS: Record<string, Migration> = {
  "2026-11-21-0001-foundation": m0001,
  "2026-11-21-0002-examples": m0002,
  "2026-11-21-0003-content": m0003,
  "2026-11-24-0200-intent-data": m0200,
  "2026-11-24-0500-settings": m20261124_0500,
  "2026-11-24-0400-library": m0400,
  "2026-11-24-0600-example-search-words": m0600,
  "2026-11-24-0300-proof": m0300,
  "2026-11-24-0700-library-search-indexes": m0700,
  "2026-11-24-1100-library-statistics": m1100,
  "2026-11-24-1300-reference-version": m1300,
  "2026-11-24-1600-change-notifications": m1600,
  "2026-11-24-1700-library-change-notifications": m1700,
  "2026-11-27-1140-company-voice": m20261127_1140,
  "2026-11-27-1150-proof-fact-structure": m20261127_1150,
  "2026-11-27-2000-audit-no-truncate": m20261127_2000,
  "2026-11-27-2100-sign-in-guard": m20261127_2100,
  "2026-11-27-2200-settings-notify-library": m20261127_2200,
  "2026-11-28-0100-glossary": m20261128_0100,
  "2026-11-28-0200-campaign-brief": m20261128_0200,
  "2026-11-28-0300-campaign-kit": m20261128_0300,
  "2026-11-28-0400-ingest-run": m20261128_0400,
  "2026-11-28-0500-api-tokens": m20261128_0500,
  "2026-11-28-0600-webhooks": m20261128_0600,
  "2026-11-28-0700-single-sign-on": m20261128_0700,
  "2026-11-28-0800-publishing": m20261128_0800,
  "2026-11-28-0900-stored-files": m20261128_0900,
  "2026-11-28-1000-table-change-notifications": m20261128_1000,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
