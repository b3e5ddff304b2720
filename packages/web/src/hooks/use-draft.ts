import { useState, type ChangeEvent } from "react";

/** The keys of `T` whose values are strings: the ones a text control can edit. */
type TextKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

type TextControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * A form's values as one object: `set` changes one of them, `text(key)` binds a text input,
 * text area or select to a string value (its `value` and `onChange`, and its message from a
 * failed send's field `errors` when given), `setDraft` replaces several at once. `onEdit` runs
 * on every change made through `set` or `text` (to hide a "saved" notice, say).
 */
export function useDraft<T extends object>(initial: T | (() => T), onEdit?: () => void) {
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof T>(key: K, value: T[K]) => {
    onEdit?.();
    setDraft((current) => ({ ...current, [key]: value }));
  };
  const text = <K extends TextKeys<T>>(key: K, errors?: Partial<Record<string, string>>) => ({
    value: draft[key] as string,
    onChange: (event: ChangeEvent<TextControl>) => set(key, event.target.value as T[K]),
    ...(errors ? { error: errors[key as string] } : {}),
  });
  return { draft, set, setDraft, text };
}
