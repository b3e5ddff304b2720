import {
  EXAMPLE_REPO_DEFAULTS,
  ExampleRepoSettingsSchema,
  GENERATION_DEFAULTS,
  GenerationSettingsSchema,
} from "@content-studio/contract";
import { settingOverDefaults } from "./settings.service";

/** Where each setting below is stored (its row in `setting`). */
export const GENERATION_SETTING = "generation.settings";
export const EXAMPLE_REPO_SETTING = "examples.repository";

/**
 * The organisation's settings that are one object over their defaults, declared in one place:
 * where each is stored, how a change is audited, its schema and its defaults. Their owners
 * give them meaning and say who may change them: generation here (generation-settings.ts), the
 * example repository in the examples module (its S3 and URL rules).
 */
export const storedSettings = {
  generation: settingOverDefaults({
    key: GENERATION_SETTING,
    label: "Content generation defaults",
    action: "settings.generation_changed",
    schema: GenerationSettingsSchema,
    defaults: GENERATION_DEFAULTS,
  }),
  exampleRepository: settingOverDefaults({
    key: EXAMPLE_REPO_SETTING,
    label: "Example repository",
    action: "settings.example_repository_changed",
    schema: ExampleRepoSettingsSchema,
    defaults: EXAMPLE_REPO_DEFAULTS,
  }),
};
