import { KitSchema, type Kit } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { campaignsKeys } from "../../../lib/query-keys";

export const kitPath = (id: string) => `/api/kits/${encodeURIComponent(id)}`;

export const getKitQueryOptions = (id: string) =>
  apiQueryOptions(campaignsKeys.kit(id), kitPath(id), KitSchema);

/**
 * Whether the kit can still change by itself: it runs, or it stopped (cancelled) while a step
 * was being written, and that step has yet to go back to the queue.
 */
export const isKitLive = (kit: Kit) =>
  kit.status === "running" ||
  kit.steps.some((s) => s.status === "writing" || s.status === "checking");

/** How often a running kit is polled when its event stream is unavailable. */
export const KIT_POLL_MS = 2000;

/**
 * One kit. With `poll`, a live kit (see isKitLive) is fetched again every KIT_POLL_MS (the fallback when
 * the event stream fails); otherwise the event stream keeps the cached kit current.
 */
export const useKit = (id: string, { poll = false }: { poll?: boolean } = {}) =>
  useQuery({
    ...getKitQueryOptions(id),
    refetchInterval: (query) =>
      poll && query.state.data && isKitLive(query.state.data) ? KIT_POLL_MS : false,
  });
