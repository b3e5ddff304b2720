import type { UtmSettings } from "@content-studio/contract";
import { escapeHtml, htmlToText, sanitizeRichHtml } from "../../lib/html";
import type { DraftDocument } from "./target";

/** The text of the approved version (content_item_version). */
export interface VersionText {
  title: string;
  headline: string;
  introduction: string;
  /** Sanitised HTML. */
  body: string;
  conclusion: string;
}

/** A URL-safe slug: ASCII letters, digits and dashes. */
function slugOf(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "-")
    .slice(0, 60)
    .replace(/^-+|-+$/g, "");
}

/**
 * The draft's key: the title's slug and the item id's first 8 characters. It is set as the
 * draft's slug, so a create whose answer was lost is found again by it (and not made twice).
 */
export function draftKey(itemId: string, title: string): string {
  const short = itemId
    .replace(/[^a-z0-9]/gi, "")
    .slice(0, 8)
    .toLowerCase();
  return [slugOf(title) || "content", short].join("-");
}

/**
 * The UTM parameters of one export: the connection's source and medium always; the campaign
 * of the kit that wrote the item, else the connection's default campaign, else none.
 */
export function utmParameters(
  utm: UtmSettings,
  kitCampaign: string | null,
): Record<string, string> {
  const campaign = kitCampaign ? slugOf(kitCampaign) || kitCampaign : utm.campaign;
  return {
    utm_source: utm.source,
    utm_medium: utm.medium,
    ...(campaign ? { utm_campaign: campaign } : {}),
  };
}

/**
 * Adds the UTM parameters to every absolute http(s) link of the HTML. A link that carries any
 * utm_ parameter already is left as it is (its author chose them); other links keep their own
 * query and fragment.
 */
export function withUtm(html: string, params: Record<string, string>): string {
  return html.replace(/href="([^"]*)"/g, (whole, raw: string) => {
    const decoded = raw.replace(/&amp;/g, "&");
    let url: URL;
    try {
      url = new URL(decoded);
    } catch {
      return whole;
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") return whole;
    if ([...url.searchParams.keys()].some((k) => k.toLowerCase().startsWith("utm_"))) return whole;
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return `href="${url.toString().replace(/&/g, "&amp;").replace(/"/g, "%22")}"`;
  });
}

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join("");

/**
 * The document sent: the approved version's sections as sanitised HTML (the headline as a
 * subtitle, the introduction and conclusion as paragraphs around the body), its links with
 * UTM parameters.
 */
export function draftDocument(
  itemId: string,
  v: VersionText,
  utm: Record<string, string>,
): DraftDocument {
  const html = sanitizeRichHtml(
    [
      v.headline && v.headline !== v.title ? `<h2>${escapeHtml(v.headline)}</h2>` : "",
      paragraphs(v.introduction),
      v.body,
      paragraphs(v.conclusion),
    ].join(""),
  );
  return {
    key: draftKey(itemId, v.title),
    title: v.title,
    html: withUtm(html, utm),
    summary: htmlToText(v.introduction).slice(0, 500),
  };
}
