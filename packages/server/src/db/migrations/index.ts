import type { Migration, MigrationProvider } from "kysely";
import * as m0001 from "./2026-11-21-0001-foundation";

/** Frozen, ordered migrations. Add new files; never edit a shipped one. */
const MIGRATIONS: Record<string, Migration> = {
  "2026-11-21-0001-foundation": m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
