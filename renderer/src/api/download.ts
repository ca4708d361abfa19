/**
 * Downloads through fetch rather than a plain link, so a refusal (a 503 without Chromium, a missing
 * `campaign_id`) reaches the view as the server's problem+json detail instead of a browser "download failed".
 * A good answer is saved through a blob link with the server's file name: browsers save it as any download,
 * and the desktop app's `will-download` handler (main/app-window.ts) shows its Save dialog for it. The file is
 * held in memory until saved (Chromium keeps large blobs on disk).
 */
import { callTarget, type CallArgs } from './call.js';
import { ApiError, send } from './client.js';

/**
 * The file name of `Content-Disposition: attachment; filename="…"`, if any: the UTF-8 `filename*` when there is
 * one (a site named in another script), else the ASCII `filename`.
 */
export function filenameOf(disposition: string | null): string | undefined {
  const utf8 = disposition?.match(/filename\*=UTF-8''([^;\s]+)/i)?.[1];
  if (utf8) {
    try {
      return decodeURIComponent(utf8);
    } catch {
      // A malformed escape: fall back to the ASCII name.
    }
  }
  const m = disposition?.match(/filename="([^"]+)"/) ?? disposition?.match(/filename=([^;\s]+)/);
  return m?.[1];
}

/** Fetches `path` and saves it; returns the saved file's name, or throws an `ApiError` to show. */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const res = await send(path);
  const name = filenameOf(res.headers.get('content-disposition')) ?? fallbackName;
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch {
    // Headers were sent, then the stream broke (the server stopped, a row failed mid-export).
    throw new ApiError(0, 'interrupted', `${name} was not saved: the server stopped sending it part-way.`);
  }
  saveBlob(blob, name);
  return name;
}

/** Saves a file made in the page (a picture of the graph) as any download, with `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Released later rather than at once, so the download has long resolved the URL by then.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Where an export's file is: `export.download` with its name, format and query, for `downloadFile`. */
export const exportHref = (args: CallArgs<'export.download'>): string =>
  callTarget('export.download', args).path;
