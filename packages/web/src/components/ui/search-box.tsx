import { Search } from "lucide-react";
import { cn } from "../../lib/cn";

interface SearchBoxProps {
  /** Read by screen readers only; the placeholder shows what to type. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  maxLength?: number;
  className?: string;
}

/** A search input with its magnifier, for a list's filters. */
export function SearchBox({
  label,
  value,
  onChange,
  placeholder,
  maxLength,
  className,
}: SearchBoxProps) {
  return (
    <label className={cn("relative block", className)}>
      <span className="sr-only">{label}</span>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        maxLength={maxLength}
        className="h-10 w-full rounded-md border border-slate-300 bg-white pl-9 pr-3 text-sm text-slate-900 shadow-sm outline-none placeholder:text-slate-400 focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary/30"
      />
    </label>
  );
}
