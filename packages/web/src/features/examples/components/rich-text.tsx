/**
 * Renders HTML that the caller has already sanitised, with readable spacing for headings,
 * lists, tables and quotes (no typography plugin in this app).
 */
export function RichText({ html }: { html: string }) {
  return (
    <div
      className="max-w-none space-y-3 [&_a]:text-primary-text [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-4 [&_blockquote]:text-slate-600 [&_h2]:mt-5 [&_h2]:text-base [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:mt-4 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_h4]:font-semibold [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_table]:w-full [&_table]:border-collapse [&_table]:text-left [&_td]:border [&_td]:border-slate-200 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-slate-200 [&_th]:bg-slate-50 [&_th]:px-2 [&_th]:py-1 [&_ul]:list-disc [&_ul]:pl-5"
      // Sanitised by the server and again by the caller with DOMPurify.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
