/** Writes text to the clipboard; false where the browser refuses (e.g. a plain http page). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
