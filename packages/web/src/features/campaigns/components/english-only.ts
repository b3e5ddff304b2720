import { KIT_LANGUAGE_LABELS, type KitLanguage } from "@content-studio/contract";

/**
 * What the brief editor says when languages other than English are chosen and no AI provider
 * is configured: the outline writer writes English only. Null when nothing needs saying.
 */
export function englishOnlyNotice(languages: readonly KitLanguage[]): string | null {
  const others = languages.filter((l) => l !== "en").map((l) => KIT_LANGUAGE_LABELS[l]);
  if (others.length === 0) return null;
  const list =
    others.length === 1 ? others[0] : `${others.slice(0, -1).join(", ")} and ${others.at(-1)}`;
  return `No AI provider is configured, so kits are written by the outline writer, which writes English only: ${list} will not be written. An admin can connect an AI provider under Settings.`;
}
