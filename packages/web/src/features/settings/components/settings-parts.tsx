import { Alert } from "../../../components/ui/alert";
import { Card } from "../../../components/ui/card";
import { LoadingText } from "../../../components/ui/spinner";
import type { ReactNode } from "react";

/** A card's save button with an "Unsaved changes" note beside it. */
export function SaveRow({ dirty, children }: { dirty: boolean; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      {children}
      {dirty ? <span className="text-sm text-slate-500">Unsaved changes</span> : null}
    </div>
  );
}

export function ReadOnlyNote() {
  return <p className="text-sm text-slate-500">Only administrators can change these settings.</p>;
}

interface SettingsCardProps<T> {
  title: string;
  description: string;
  loading: boolean;
  /** Shown while loading ("Loading AI providers..."). */
  loadingText: string;
  loadError: Error | null;
  /** Shown when the settings did not load and the error says nothing. */
  failedText: string;
  /** The loaded settings; the card's form renders only once they are here. */
  data: T | null | undefined;
  children: (data: T) => ReactNode;
}

/** A settings card: its loading line, then the failure to load or the form of what loaded. */
export function SettingsCard<T>({
  loading,
  loadingText,
  loadError,
  failedText,
  data,
  children,
  ...card
}: SettingsCardProps<T>) {
  return (
    <Card {...card}>
      {loading ? (
        <LoadingText role="status">{loadingText}</LoadingText>
      ) : loadError || !data ? (
        <Alert>{loadError?.message ?? failedText}</Alert>
      ) : (
        children(data)
      )}
    </Card>
  );
}
