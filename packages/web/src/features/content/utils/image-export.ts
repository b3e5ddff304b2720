import type { Visualization } from "@content-studio/contract";

/**
 * A data: URL for an <img>. SVG is only ever shown this way: an image-context SVG runs no
 * scripts and loads nothing, unlike markup put into the page.
 */
export function visualizationSrc(visualization: Pick<Visualization, "kind" | "data">): string {
  return visualization.kind === "svg"
    ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(visualization.data)}`
    : `data:image/png;base64,${visualization.data}`;
}

export interface Size {
  width: number;
  height: number;
}

const DEFAULT_SIZE: Size = { width: 1200, height: 630 };

/** The drawing size an SVG declares (width/height, else its viewBox), parsed inertly. */
function svgSize(svgText: string): Size {
  const root = new DOMParser().parseFromString(svgText, "image/svg+xml").documentElement;
  if (root.nodeName !== "svg") return DEFAULT_SIZE;
  const width = parseFloat(root.getAttribute("width") ?? "");
  const height = parseFloat(root.getAttribute("height") ?? "");
  if (width > 0 && height > 0) return { width, height };
  const box = (root.getAttribute("viewBox") ?? "").split(/[\s,]+/).map(Number);
  const [, , boxWidth = 0, boxHeight = 0] = box;
  return boxWidth > 0 && boxHeight > 0 ? { width: boxWidth, height: boxHeight } : DEFAULT_SIZE;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("The image could not be loaded."));
    image.src = src;
  });
}

/** The visualization as SVG text; a PNG is wrapped in an SVG of its own size. */
export async function toSvgText(visualization: Visualization): Promise<string> {
  if (visualization.kind === "svg") return visualization.data;
  const image = await loadImage(visualizationSrc(visualization));
  const { naturalWidth: w, naturalHeight: h } = image;
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><image width="${w}" height="${h}" href="${visualizationSrc(visualization)}"/></svg>`;
}

/** The visualization as a PNG; an SVG is drawn onto a canvas at least 1200 pixels wide. */
export async function toPngBlob(visualization: Visualization): Promise<Blob> {
  if (visualization.kind === "png") {
    const bytes = Uint8Array.from(atob(visualization.data), (c) => c.charCodeAt(0));
    return new Blob([bytes], { type: "image/png" });
  }
  const size = svgSize(visualization.data);
  const scale = Math.max(1, 1200 / size.width);
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(size.width * scale);
  canvas.height = Math.round(size.height * scale);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot draw images.");
  const image = await loadImage(visualizationSrc(visualization));
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The PNG could not be made."))),
      "image/png",
    ),
  );
}

/** A file-name stem from a headline: lower-case words joined by dashes, at most 60 characters. */
export function fileStem(text: string): string {
  const stem = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return stem || "visualization";
}
