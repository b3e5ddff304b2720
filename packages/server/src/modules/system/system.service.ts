import type { Health } from "@content-studio/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types";
import { pingDatabase } from "./system.repository";

/** Whether the database answers; `log` hears why when it does not. */
export async function checkHealth(
  db: Kysely<Database>,
  log: (error: unknown) => void,
): Promise<Health> {
  try {
    await pingDatabase(db);
    return { status: "ok", database: "up" };
  } catch (error) {
    log(error);
    return { status: "degraded", database: "down" };
  }
}
