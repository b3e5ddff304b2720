import { useId } from "react";

/** Thresholds run from 0.1 to 0.9 in steps of 0.1. */
const THRESHOLD_MIN = 0.1;
const THRESHOLD_MAX = 0.9;
const THRESHOLD_STEP = 0.1;

/** A slider value on the 0.1 grid, kept inside the range (float steps drift: 0.30000000000000004). */
const toThreshold = (value: number) =>
  Math.min(THRESHOLD_MAX, Math.max(THRESHOLD_MIN, Math.round(value * 10) / 10));

interface ThresholdSliderProps {
  label: string;
  hint: string;
  value: number;
  disabled?: boolean;
  onChange: (value: number) => void;
}

/** A labelled range input with its current value beside the label. */
export function ThresholdSlider({ label, hint, value, disabled, onChange }: ThresholdSliderProps) {
  const id = useId();
  const shown = value.toFixed(1);
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-4">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        <output htmlFor={id} className="font-mono text-sm font-semibold text-slate-900">
          {shown}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={THRESHOLD_MIN}
        max={THRESHOLD_MAX}
        step={THRESHOLD_STEP}
        value={value}
        disabled={disabled}
        aria-valuetext={shown}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(toThreshold(Number(event.target.value)))}
        className="block w-full cursor-pointer accent-primary disabled:cursor-not-allowed disabled:opacity-60"
      />
      <div aria-hidden="true" className="flex justify-between text-xs text-slate-400">
        <span>{THRESHOLD_MIN}</span>
        <span>{THRESHOLD_MAX}</span>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint}
      </p>
    </div>
  );
}
