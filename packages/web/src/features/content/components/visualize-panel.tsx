import type { GeneratedContent, Visualization } from "@content-studio/contract";
import { Download, ImageIcon } from "lucide-react";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { FieldLabel } from "../../../components/ui/field";
import { BusyIcon } from "../../../components/ui/spinner";
import { useVisualizeContent } from "../api/visualize-content";
import { saveBlob } from "../../../lib/download";
import { fileStem, toPngBlob, toSvgText, visualizationSrc } from "../utils/image-export";

const PROMPT_MAX = 2000;

/** The Visualize tab: an editable image prompt, the image, and SVG/PNG downloads. */
export function VisualizePanel({
  result,
  saved = null,
}: {
  result: GeneratedContent;
  /** The picture saved with the item, shown until a new one is drawn. */
  saved?: Visualization | null;
}) {
  // The stored item's `can.visualize` from the server.
  const canEdit = result.can.visualize;
  const promptId = useId();
  const [prompt, setPrompt] = useState(result.metadata.imagePrompt);
  const visualize = useVisualizeContent();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const image = visualize.data ?? saved;
  const stem = fileStem(result.content.headline);

  const download = async (format: "svg" | "png", visualization: Visualization) => {
    setDownloadError(null);
    try {
      const blob =
        format === "svg"
          ? new Blob([await toSvgText(visualization)], { type: "image/svg+xml" })
          : await toPngBlob(visualization);
      saveBlob(blob, `${stem}.${format}`);
    } catch (error) {
      setDownloadError(error instanceof Error ? error.message : "The download failed.");
    }
  };

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
      <Card title="Describe the image" className="lg:col-span-2">
        <form
          aria-label="Generate a visualization"
          onSubmit={(event) => {
            event.preventDefault();
            visualize.mutate({ id: result.contentItemId, data: { imagePrompt: prompt.trim() } });
          }}
          className="space-y-4"
        >
          <div className="space-y-1.5">
            <FieldLabel htmlFor={promptId}>Image prompt</FieldLabel>
            <textarea
              id={promptId}
              rows={8}
              maxLength={PROMPT_MAX}
              value={prompt}
              disabled={!canEdit}
              onChange={(e) => setPrompt(e.target.value)}
              className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary/30 disabled:bg-slate-50"
            />
            <p className="text-right text-xs text-slate-500 tabular-nums">
              {prompt.length} / {PROMPT_MAX}
            </p>
          </div>
          <Button type="submit" disabled={!canEdit || visualize.isPending || prompt.trim() === ""}>
            <BusyIcon busy={visualize.isPending} icon={ImageIcon} />
            {visualize.isPending ? "Generating Visualization..." : "Generate Visualization"}
          </Button>
          {visualize.isError ? <Alert>{visualize.error.message}</Alert> : null}
        </form>
      </Card>

      <Card
        title="Visualization"
        className="lg:col-span-3"
        actions={
          image ? (
            <div className="flex gap-2">
              <Button variant="secondary" size="sm" onClick={() => void download("svg", image)}>
                <Download aria-hidden="true" className="size-4" />
                Download SVG
              </Button>
              <Button variant="secondary" size="sm" onClick={() => void download("png", image)}>
                <Download aria-hidden="true" className="size-4" />
                Download PNG
              </Button>
            </div>
          ) : null
        }
      >
        {image ? (
          <figure className="space-y-3">
            <img
              src={visualizationSrc(image)}
              alt={
                image.source === "builtin"
                  ? `Infographic: ${result.content.headline}`
                  : `Image: ${image.prompt}`
              }
              className="w-full rounded-lg border border-slate-200 bg-white"
            />
            {image.source || image.note ? (
              <figcaption className="text-xs text-slate-500">
                {image.source === "openai"
                  ? "Made by the image model from the prompt."
                  : image.source === "builtin"
                    ? "Infographic of the headline and key figures, drawn by the built-in renderer. It does not show the scene in the image prompt; that needs OpenAI's image model."
                    : ""}
                {image.note ? ` ${image.note}` : ""}
              </figcaption>
            ) : null}
            {downloadError ? <Alert>{downloadError}</Alert> : null}
          </figure>
        ) : (
          <div className="flex h-64 flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-200 text-sm text-slate-500">
            <ImageIcon aria-hidden="true" className="size-8 text-slate-300" />
            No visualization yet. Edit the prompt and generate one.
          </div>
        )}
      </Card>
    </div>
  );
}
