/**
 * Hands `blob` to the browser as a download named `fileName` (the desktop app asks where to save
 * it). The object URL outlives the click: the browser starts the download from it a moment later.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The file name an attachment's `Content-Disposition` gives (`attachment; filename="x.csv"`), if any. */
export function attachmentName(disposition: string | null): string | null {
  const encoded = disposition && /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A broken encoding: fall back to the plain name.
    }
  }
  return (disposition && /filename="([^"]+)"/i.exec(disposition)?.[1]) || null;
}
