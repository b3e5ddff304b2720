import type { AuditAction } from "@content-studio/contract";
import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import type { Database } from "../../db/types";
import type { SessionUser } from "../../plugins/access";
import { auditBy, diffFields, recordChangesIfAny } from "../audit/audit.service";
import { readSetting, writeSetting } from "./settings.repository";

/** A setting stored as one JSON object under `key`, and how the audit log names its changes. */
export interface AuditedSetting {
  key: string;
  /** The setting's name in the audit log, e.g. "Content generation defaults". */
  label: string;
  /** The audit action a change to it is recorded as. */
  action: AuditAction;
}

/**
 * A setting read over its defaults: each stored field where the stored object still parses
 * against `schema` (every field optional), the default for every other field. Nothing stored,
 * or a stored value that no longer parses, gives the defaults.
 */
async function readSettingOverDefaults<Shape extends z.ZodRawShape>(
  db: Kysely<Database>,
  key: string,
  schema: z.ZodObject<Shape>,
  defaults: z.infer<z.ZodObject<Shape>>,
): Promise<z.infer<z.ZodObject<Shape>>> {
  const stored = schema.partial().safeParse(await readSetting(db, key));
  return { ...defaults, ...(stored.success ? stored.data : {}) };
}

/**
 * Stores `after` as the setting and, in the same transaction, records the setting's audit action
 * with every field that differs from `before` (no entry when none does). The caller authorises.
 */
export async function writeAuditedSetting<T extends Record<string, unknown>>(
  trx: Transaction<Database>,
  actor: SessionUser,
  setting: AuditedSetting,
  { before, after }: { before: T; after: T },
): Promise<void> {
  await writeSetting(trx, setting.key, after, actor.id);
  await recordChangesIfAny(trx, {
    ...auditBy(actor, setting.action, { type: "setting", id: setting.key, label: setting.label }),
    changes: diffFields(before, after),
  });
}

/** A setting kept as one JSON object over its defaults, whose changes are audited. */
export interface SettingOverDefaults<T> {
  /** The stored fields that still parse, over the defaults (see readSettingOverDefaults). */
  read(db: Kysely<Database>): Promise<T>;
  /**
   * Stores `after`, auditing every field that differs from what `read` gives now, in one
   * transaction. The caller authorises.
   */
  save(db: Kysely<Database>, actor: SessionUser, after: T): Promise<void>;
}

/** One setting's definition: where it is stored, how it is audited, its schema and defaults. */
export function settingOverDefaults<Shape extends z.ZodRawShape>(
  setting: AuditedSetting & {
    schema: z.ZodObject<Shape>;
    defaults: z.infer<z.ZodObject<Shape>>;
  },
): SettingOverDefaults<z.infer<z.ZodObject<Shape>>> {
  const read = (db: Kysely<Database>) =>
    readSettingOverDefaults(db, setting.key, setting.schema, setting.defaults);
  return {
    read,
    async save(db, actor, after) {
      const before = await read(db);
      await db
        .transaction()
        .execute((trx) => writeAuditedSetting(trx, actor, setting, { before, after }));
    },
  };
}
