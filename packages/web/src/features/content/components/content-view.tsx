import type { ContentSections } from "@content-studio/contract";
import { useMemo } from "react";
import { sanitizeHtml } from "../../../lib/sanitize-html";

/** Typography for the sanitised body (no typography plugin in this build). */
const RICH_TEXT =
  "text-sm leading-relaxed text-slate-700 [&_a]:text-primary-text [&_a]:underline [&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-4 [&_blockquote]:italic [&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:mt-4 [&_h3]:mb-1.5 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-1 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_table]:my-3 [&_table]:w-full [&_table]:text-left [&_td]:border [&_td]:border-slate-200 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-slate-200 [&_th]:bg-slate-50 [&_th]:px-2 [&_th]:py-1 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6";

/** Body HTML, sanitised again in the browser before it is rendered. */
export function RichText({ html, label }: { html: string; label?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      aria-label={label}
      className={RICH_TEXT}
      // Sanitised by sanitizeHtml (DOMPurify allow-list) just above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

/** Headline, introduction, body and conclusion of a piece of content. */
export function ContentView({ content }: { content: ContentSections }) {
  return (
    <article className="space-y-5">
      <h2 className="text-2xl font-semibold tracking-tight text-slate-900">{content.headline}</h2>
      <section aria-label="Introduction">
        <h3 className="sr-only">Introduction</h3>
        <p className="text-base leading-relaxed whitespace-pre-line text-slate-800">
          {content.introduction}
        </p>
      </section>
      <section aria-label="Body">
        <h3 className="sr-only">Body</h3>
        <RichText html={content.body} />
      </section>
      <section aria-label="Conclusion" className="rounded-lg bg-slate-50 p-4">
        <h3 className="text-sm font-semibold text-slate-900">Conclusion</h3>
        <p className="mt-1 text-sm leading-relaxed whitespace-pre-line text-slate-700">
          {content.conclusion}
        </p>
      </section>
    </article>
  );
}
