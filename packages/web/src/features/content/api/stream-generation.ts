import {
  GenerationEventSchema,
  type GenerateContentBody,
  type GeneratedContent,
  type GenerationEvent,
} from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  ApiError,
  UNREADABLE_MESSAGE,
  api,
  checkAnswer,
  type ApiErrorCode,
} from "../../../lib/api-client";
import { readNdjson } from "./read-ndjson";

type ProgressEvent = Exclude<GenerationEvent, { type: "done" } | { type: "error" }>;
export type GenerationStage = Extract<GenerationEvent, { type: "stage" }>["stage"];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

const KNOWN_TYPES: readonly unknown[] = ["stage", "delta", "done", "error"];

/**
 * One streamed line as a known event, checked against the contract. A line of a type this
 * client does not know is skipped (newer servers may add some); a known one that does not match
 * its schema is a malformed answer, like any other.
 */
function toEvent(value: unknown, response: Response): GenerationEvent | null {
  if (!isRecord(value)) return null;
  // A JSON error envelope in a 200 answer (a proxy or an older server).
  if (value.success === false) {
    return {
      type: "error",
      message: typeof value.message === "string" ? value.message : "",
      code: typeof value.code === "string" ? value.code : "internal_error",
    };
  }
  if (!KNOWN_TYPES.includes(value.type)) return null;
  return checkAnswer(
    GenerationEventSchema,
    value,
    response.status,
    response.headers.get("x-request-id"),
    "/api/generate-content/stream",
  );
}

/**
 * POST /api/generate-content/stream: reports progress through `onEvent` and resolves with the
 * stored result. An error event, a refused request or a stream that ends without a result
 * rejects with an ApiError; cancelling through `signal` rejects with the abort reason.
 */
export async function streamGeneration(
  body: GenerateContentBody,
  { signal, onEvent }: { signal?: AbortSignal; onEvent?: (event: ProgressEvent) => void } = {},
): Promise<GeneratedContent> {
  const response = await api.stream("/api/generate-content/stream", body, { signal });
  let result: GeneratedContent | undefined;
  // The body is read to its end even after `done` (the server's last line): leaving early
  // would cancel a request that has in fact succeeded, and the browser reports it as aborted.
  for await (const line of readNdjson(response)) {
    const event = toEvent(line, response);
    if (!event || result) continue;
    if (event.type === "error") {
      throw new ApiError(response.status, event.code as ApiErrorCode, event.message);
    }
    if (event.type === "done") result = event.result;
    else onEvent?.(event);
  }
  if (result) return result;
  signal?.throwIfAborted();
  throw new ApiError(response.status, "internal_error", UNREADABLE_MESSAGE);
}

/** What the screen shows while a generation runs. */
export interface GenerationProgress {
  stage: GenerationStage | null;
  /** Refinement or re-check round, when the server names one. */
  round?: number;
  /** Text of the draft being written, as it arrives (plain text, never rendered as HTML). */
  text: string;
}

const IDLE: GenerationProgress = { stage: null, text: "" };

/** Applies one streamed event: a new draft or refinement starts a fresh live text. */
function nextProgress(progress: GenerationProgress, event: ProgressEvent): GenerationProgress {
  if (event.type === "delta") return { ...progress, text: progress.text + event.text };
  const fresh = event.stage === "drafting" || event.stage === "refining";
  return { stage: event.stage, round: event.round, text: fresh ? "" : progress.text };
}

/**
 * Streams a generation with live progress. `cancel` aborts it (the server then stores
 * nothing); leaving the screen cancels too.
 */
export function useGenerateContentStream() {
  const controllerRef = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<GenerationProgress>(IDLE);
  const [cancelled, setCancelled] = useState(false);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const mutation = useMutation({
    mutationFn: (body: GenerateContentBody) => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setCancelled(false);
      setProgress(IDLE);
      return streamGeneration(body, {
        signal: controller.signal,
        onEvent: (event) => setProgress((current) => nextProgress(current, event)),
      });
    },
  });

  const cancel = useCallback(() => {
    if (!controllerRef.current || controllerRef.current.signal.aborted) return;
    setCancelled(true);
    controllerRef.current.abort();
  }, []);

  const { reset: resetMutation } = mutation;
  const reset = useCallback(() => {
    resetMutation();
    setCancelled(false);
    setProgress(IDLE);
  }, [resetMutation]);

  return { ...mutation, progress, cancel, cancelled, reset };
}
