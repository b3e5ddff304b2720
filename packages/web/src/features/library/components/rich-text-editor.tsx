import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  Bold,
  Heading2,
  Heading3,
  Italic,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Undo2,
  type LucideIcon,
} from "lucide-react";
import { useEffect } from "react";
import "./prosemirror.css";
import { focusRing } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";

interface RichTextEditorProps {
  /** Sanitised HTML to start from (and to reset to when it changes from outside). */
  value: string;
  onChange: (html: string) => void;
  label: string;
  readOnly?: boolean;
}

/**
 * The body editor (TipTap with the starter kit: headings, lists, emphasis, quotes, links).
 * Its HTML goes through the server's allow-list on save like every other body.
 */
export function RichTextEditor({ value, onChange, label, readOnly }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3, 4] }, codeBlock: false })],
    content: value,
    editable: !readOnly,
    immediatelyRender: true,
    // TipTap would add its base CSS as a <style> element, which the Content-Security-Policy
    // (style-src 'self') refuses: the same rules ship in prosemirror.css instead.
    injectCSS: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        class: cn(
          "min-h-64 max-w-none rounded-b-md px-3 py-2 text-sm leading-relaxed text-slate-800 outline-none [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-4 [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6",
          focusRing,
        ),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });

  useEffect(() => {
    if (editor && value !== editor.getHTML())
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    editor?.setEditable(!readOnly);
  }, [editor, readOnly]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive("bold") ?? false,
      italic: e?.isActive("italic") ?? false,
      h2: e?.isActive("heading", { level: 2 }) ?? false,
      h3: e?.isActive("heading", { level: 3 }) ?? false,
      bullet: e?.isActive("bulletList") ?? false,
      ordered: e?.isActive("orderedList") ?? false,
      quote: e?.isActive("blockquote") ?? false,
      canUndo: e?.can().undo() ?? false,
      canRedo: e?.can().redo() ?? false,
    }),
  });

  const tools: {
    label: string;
    icon: LucideIcon;
    active?: boolean;
    disabled?: boolean;
    run: () => void;
  }[] = editor
    ? [
        {
          label: "Bold",
          icon: Bold,
          active: state?.bold,
          run: () => editor.chain().focus().toggleBold().run(),
        },
        {
          label: "Italic",
          icon: Italic,
          active: state?.italic,
          run: () => editor.chain().focus().toggleItalic().run(),
        },
        {
          label: "Heading 2",
          icon: Heading2,
          active: state?.h2,
          run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
        },
        {
          label: "Heading 3",
          icon: Heading3,
          active: state?.h3,
          run: () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
        },
        {
          label: "Bulleted list",
          icon: List,
          active: state?.bullet,
          run: () => editor.chain().focus().toggleBulletList().run(),
        },
        {
          label: "Numbered list",
          icon: ListOrdered,
          active: state?.ordered,
          run: () => editor.chain().focus().toggleOrderedList().run(),
        },
        {
          label: "Quote",
          icon: Quote,
          active: state?.quote,
          run: () => editor.chain().focus().toggleBlockquote().run(),
        },
        {
          label: "Undo",
          icon: Undo2,
          disabled: !state?.canUndo,
          run: () => editor.chain().focus().undo().run(),
        },
        {
          label: "Redo",
          icon: Redo2,
          disabled: !state?.canRedo,
          run: () => editor.chain().focus().redo().run(),
        },
      ]
    : [];

  return (
    <div className="rounded-md border border-slate-300 bg-white shadow-sm">
      {readOnly ? null : (
        <div
          role="toolbar"
          aria-label={`${label} formatting`}
          className="flex flex-wrap gap-0.5 border-b border-slate-200 bg-slate-50 p-1"
        >
          {tools.map((tool) => (
            <button
              key={tool.label}
              type="button"
              title={tool.label}
              aria-label={tool.label}
              aria-pressed={tool.active === undefined ? undefined : tool.active}
              disabled={tool.disabled}
              onClick={tool.run}
              className={cn(
                "rounded p-1.5 text-slate-600 hover:bg-slate-200 hover:text-slate-900 disabled:opacity-40",
                focusRing,
                tool.active && "bg-slate-200 text-slate-900",
              )}
            >
              <tool.icon aria-hidden="true" className="size-4" />
            </button>
          ))}
        </div>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
