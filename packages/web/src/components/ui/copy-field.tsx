import { useState } from "react";
import { Button } from "./button";
import { TextField } from "./field";

interface CopyFieldProps {
  label: string;
  value: string;
  /** The button's words until it has copied ("Copy token"). */
  copyLabel: string;
  className?: string;
}

/**
 * A value shown only once (a token, a secret, a reset link): read-only, selected on focus,
 * with a button that copies it and then says so.
 */
export function CopyField({ label, value, copyLabel, className }: CopyFieldProps) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <TextField
        label={label}
        value={value}
        readOnly
        className={className}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => setCopied(true));
        }}
      >
        {copied ? "Copied" : copyLabel}
      </Button>
    </>
  );
}
