import { useSyncExternalStore } from "react";
import { ApiError } from "./api-client";

/**
 * The last answer the contract refused (a `malformed_answer` from any query or mutation), for
 * the shell's notice: whatever the screen itself shows for a failed load, the user also sees
 * "Something went wrong" with the request id to quote. Screens stay usable; nothing is blank.
 */
let current: ApiError | null = null;
const listeners = new Set<() => void>();

function publish(next: ApiError | null) {
  current = next;
  for (const listener of listeners) listener();
}

/** Records `error` when it is a malformed answer (the query client calls this for every error). */
export function noteMalformedAnswer(error: unknown): void {
  if (error instanceof ApiError && error.code === "malformed_answer") publish(error);
}

/** Clears the notice (its Dismiss button). */
export function dismissMalformedAnswer(): void {
  publish(null);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The malformed answer to tell the user about, or null. */
export function useMalformedAnswer(): ApiError | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
