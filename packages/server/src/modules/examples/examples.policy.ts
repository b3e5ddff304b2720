import type { Role } from "@content-studio/contract";
import { definePolicy } from "../../lib/policy";

export type ExampleAction = "edit" | "delete";
export type ExamplesAction = "create" | "ingest" | "archive" | "editSettings";

/**
 * One example: editors and admins edit (replace) and delete any example, whatever its source
 * and whether it is archived; viewers read and export.
 */
export const examplePolicy = definePolicy<ExampleAction>({
  actions: ["edit", "delete"],
  minRole: { edit: "editor", delete: "editor" } satisfies Record<ExampleAction, Role>,
});

/**
 * The repository as a whole: editors and admins add examples by hand, start ingests (server
 * folder, cloud, upload) and archive examples whose files are gone; only admins change the
 * repository settings (source, local path, cloud URL, S3 endpoint and region).
 */
export const examplesPolicy = definePolicy<ExamplesAction>({
  actions: ["create", "ingest", "archive", "editSettings"],
  minRole: {
    create: "editor",
    ingest: "editor",
    archive: "editor",
    editSettings: "admin",
  } satisfies Record<ExamplesAction, Role>,
});
