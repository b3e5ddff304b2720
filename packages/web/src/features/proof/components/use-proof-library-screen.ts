import type { Fact, FactChangeResult, FactStatus } from "@content-studio/contract";
import { useDeferredValue, useState } from "react";
import { useChangeFact, type FactAction } from "../api/change-fact";
import { useFacts } from "../api/get-facts";

/** A fact just approved, expired or retired, with the content that uses it. */
export interface FactChange {
  action: FactAction;
  result: FactChangeResult;
}

/**
 * The Proof Library's state: the search and status filter, the facts, the fact being edited
 * (or "new"), the last change made and the fact whose usages are open.
 */
export function useProofLibraryScreen() {
  const [q, setQ] = useState("");
  const [status, setStatus] = useState<FactStatus | "">("");
  const deferredQ = useDeferredValue(q.trim());
  const facts = useFacts({ q: deferredQ || undefined, status: status || undefined });
  const change = useChangeFact();
  const [editing, setEditing] = useState<Fact | "new" | null>(null);
  const [changed, setChanged] = useState<FactChange | null>(null);
  const [usagesOf, setUsagesOf] = useState<string | null>(null);

  const run = (fact: Fact, action: FactAction) =>
    change.mutate(
      { id: fact.id, action },
      { onSuccess: (result) => setChanged({ action, result }) },
    );

  return {
    q,
    setQ,
    status,
    setStatus,
    facts,
    change,
    run,
    editing,
    setEditing,
    changed,
    setChanged,
    usagesOf,
    setUsagesOf,
  };
}
