import { X } from "lucide-react";
import { dismissMalformedAnswer, useMalformedAnswer } from "../lib/malformed-answers";
import { Alert } from "./ui/alert";
import { IconButton } from "./ui/icon-button";

/**
 * Tells the user that an answer from the server was not in the expected form: "Something went
 * wrong" with the request id to quote to an administrator (whose server log has it).
 */
export function MalformedAnswerNotice() {
  const error = useMalformedAnswer();
  if (!error) return null;
  return (
    <Alert className="mb-4 flex items-start justify-between gap-3">
      <span>
        {error.message} The screen may be missing some data; reload the page to try again.
      </span>
      <IconButton
        label="Dismiss"
        icon={X}
        iconClassName="size-4"
        onClick={dismissMalformedAnswer}
        className="rounded p-0.5 text-red-700 hover:bg-red-100"
      />
    </Alert>
  );
}
