import { KitSchema } from "@content-studio/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { getBriefQueryOptions } from "./get-brief";
import { getKitQueryOptions, isKitLive, kitPath, useKit } from "./get-kit";

export const kitEventsPath = (id: string) => `${kitPath(id)}/events`;

/**
 * One kit, kept current while it runs: over server-sent events (each message is the whole
 * kit, written into the query cache), or, when the stream fails, by polling. The stream
 * closes once the kit stops and no step is still being written (a cancelled kit's step in
 * flight goes back to the queue a moment later), and when the caller unmounts.
 */
export function useLiveKit(kitId: string) {
  const queryClient = useQueryClient();
  const [streamFailed, setStreamFailed] = useState(() => typeof EventSource === "undefined");
  const query = useKit(kitId, { poll: streamFailed });
  const live = query.data ? isKitLive(query.data) : false;

  useEffect(() => {
    if (!live || streamFailed) return;
    const source = new EventSource(kitEventsPath(kitId));
    source.onmessage = (event: MessageEvent<string>) => {
      const kit = parseKit(event.data);
      if (!kit) return;
      queryClient.setQueryData(getKitQueryOptions(kitId).queryKey, kit);
      if (kit.status !== "running") {
        void queryClient.invalidateQueries({
          queryKey: getBriefQueryOptions(kit.briefId).queryKey,
        });
      }
      if (!isKitLive(kit)) source.close();
    };
    // EventSource would reconnect by itself; polling is the simpler, predictable fallback.
    source.onerror = () => {
      source.close();
      setStreamFailed(true);
    };
    return () => source.close();
  }, [kitId, live, streamFailed, queryClient]);

  return query;
}

/** A message's kit; null when it is not one (the view keeps what it has). */
function parseKit(data: string) {
  try {
    const parsed = KitSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
