import { AppError } from "../../lib/app-error";
import { WriterError, type WriterErrorKind } from "../ai/writer";

/** Seconds a user is told to wait after the provider rate-limited us. */
const PROVIDER_RETRY_AFTER_SECONDS = 60;

/** The HTTP-facing code of each writer failure (the writer's message is kept: it is safe to show). */
const CODE: Record<WriterErrorKind, "provider_error" | "rate_limited"> = {
  auth: "provider_error",
  rate_limited: "rate_limited",
  timeout: "provider_error",
  cancelled: "provider_error",
  bad_output: "provider_error",
  unavailable: "provider_error",
};

/** WriterError → AppError with the writer's message; AppErrors pass through; anything else is rethrown. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof WriterError) {
    const code = CODE[error.kind];
    return new AppError(
      code,
      error.message,
      { providerError: error.kind },
      code === "rate_limited" ? PROVIDER_RETRY_AFTER_SECONDS : undefined,
    );
  }
  throw error;
}
