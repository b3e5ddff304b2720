import { useRef, type ReactNode } from "react";
import { Button } from "./button";

interface FileButtonProps {
  /** The kinds of file the picker offers (the input's accept). */
  accept: string;
  /** The chosen file. The picker is cleared first, so the same file can be chosen again. */
  onFile: (file: File) => void;
  /** Names the hidden file input; without it the input is hidden from assistive technology. */
  inputLabel?: string;
  inputTestId?: string;
  size?: "sm" | "md";
  disabled?: boolean;
  /** The button's icon and words. */
  children: ReactNode;
}

/** A button that opens the file picker ("Import CSV"); the file input itself stays out of sight. */
export function FileButton({
  accept,
  onFile,
  inputLabel,
  inputTestId,
  size,
  disabled,
  children,
}: FileButtonProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-label={inputLabel}
        aria-hidden={inputLabel ? undefined : true}
        data-testid={inputTestId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
      <Button
        size={size}
        variant="secondary"
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
      >
        {children}
      </Button>
    </>
  );
}
