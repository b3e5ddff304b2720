import { useCallback, useEffect, useState } from "react";

/** A success message hides after 3 s. */
const SUCCESS_NOTICE_MS = 3000;

export interface Notice {
  tone: "success" | "error";
  text: string;
}

/** A card's last save result: successes hide after 3 s, errors stay until cleared. */
export function useTimedNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (notice?.tone !== "success") return;
    const timer = setTimeout(() => setNotice(null), SUCCESS_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  const clear = useCallback(() => setNotice(null), []);
  return { notice, show: setNotice, clear };
}
