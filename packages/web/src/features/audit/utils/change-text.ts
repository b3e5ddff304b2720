import {
  CONTENT_STATUS_LABELS,
  ContentStatusSchema,
  type AuditChange,
} from "@content-studio/contract";

const timeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A stored field name as words: "approvedVersion" and "claim_measure" → "Approved version". */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A stored code such as "in_review" or "needs_review". */
const CODE = /^[a-z]+(_[a-z]+)+$/;

function show(field: string, value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") return JSON.stringify(value);
  if (ISO_TIME.test(value)) return timeFormat.format(new Date(value));
  const status = field === "status" ? ContentStatusSchema.safeParse(value) : null;
  if (status?.success) return CONTENT_STATUS_LABELS[status.data];
  return CODE.test(value) ? fieldLabel(value) : value;
}

/**
 * One change of an audit entry as a reader sees it: "Status: Draft → In review", times local,
 * stored codes in words.
 */
export function changeText(field: string, change: AuditChange): string {
  const from = show(field, change.from);
  const to = show(field, change.to);
  const text = from && to ? `${from} → ${to}` : to || from;
  return `${fieldLabel(field)}: ${text.length > 120 ? `${text.slice(0, 117)}...` : text}`;
}
