import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import type { SavableSection, SaveOutcome } from "../hooks/save-outcome";
import { useTimedNotice } from "../hooks/use-timed-notice";

/** "a", "a and b", "a, b and c". */
function listText(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function summary(outcomes: SaveOutcome[]): { tone: "success" | "error"; text: string } {
  const saved = outcomes.filter((o) => o.ok).map((o) => o.section);
  const failed = outcomes.flatMap((o) => (o.ok ? [] : [o.message]));
  if (failed.length === 0) {
    const what = listText(saved);
    return { tone: "success", text: `All settings saved (${what}).` };
  }
  const savedText = saved.length > 0 ? ` Saved: ${listText(saved)}.` : "";
  return { tone: "error", text: `Some settings were not saved. ${failed.join(" ")}${savedText}` };
}

/**
 * 'Save All Settings': saves every section with unsaved changes the user may save, in
 * parallel, and sums up what happened (each card shows its own result too).
 */
export function SaveAllBar({ sections }: { sections: SavableSection[] }) {
  const [saving, setSaving] = useState(false);
  const { notice, show, clear } = useTimedNotice();
  const dirty = sections.filter((s) => s.dirty);

  const saveAll = async () => {
    clear();
    setSaving(true);
    try {
      const outcomes = (await Promise.all(dirty.map((s) => s.save()))).flat();
      if (outcomes.length > 0) show(summary(outcomes));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="sticky bottom-0 z-10 -mx-2 rounded-xl border border-slate-200 bg-white/95 px-4 py-3 shadow-lg backdrop-blur compact:py-2">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {dirty.length > 0
            ? `Unsaved changes: ${listText(dirty.map((s) => s.label))}.`
            : "All changes are saved."}
        </p>
        <Button onClick={() => void saveAll()} disabled={saving || dirty.length === 0}>
          {saving ? "Saving..." : "Save All Settings"}
        </Button>
      </div>
      {notice ? (
        <Alert tone={notice.tone} className="mt-3">
          {notice.text}
        </Alert>
      ) : null}
    </div>
  );
}
