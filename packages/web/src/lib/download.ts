/** Hands a blob to the browser as a download named `fileName` (through a temporary link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; the URL can go once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
