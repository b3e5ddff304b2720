import { RepositorySourceSchema, type RepositorySource } from "@content-studio/contract";
import { Cloud, HardDrive } from "lucide-react";
import { cn } from "../../../lib/cn";
import { SOURCE_LABELS } from "./labels";

const ICONS = { cloud: Cloud, local: HardDrive } as const;

interface SourceSwitchProps {
  value: RepositorySource;
  onChange: (source: RepositorySource) => void;
  /** Radio group name; unique per screen. */
  name: string;
  label?: string;
  disabled?: boolean;
}

/** Cloud | Local as a segmented radio group (arrow keys move between the two). */
export function SourceSwitch({
  value,
  onChange,
  name,
  label = "Source",
  disabled,
}: SourceSwitchProps) {
  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-disabled={disabled || undefined}
      className={cn(
        "inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm",
        disabled && "opacity-60",
      )}
    >
      {RepositorySourceSchema.options.map((source) => {
        const Icon = ICONS[source];
        const checked = value === source;
        return (
          <label
            key={source}
            className={cn(
              "inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium transition-colors",
              "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary has-[:focus-visible]:ring-offset-1",
              disabled ? "cursor-not-allowed" : "cursor-pointer",
              checked
                ? "bg-primary text-primary-foreground shadow-sm"
                : "text-slate-600 hover:bg-slate-100",
            )}
          >
            <input
              type="radio"
              name={name}
              value={source}
              checked={checked}
              disabled={disabled}
              onChange={() => onChange(source)}
              className="sr-only"
            />
            <Icon className="size-4" aria-hidden="true" />
            {SOURCE_LABELS[source]}
          </label>
        );
      })}
    </div>
  );
}
