import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * Opens a PDF with pdf.js, loaded on first use (only the manual viewer imports this module, so
 * the library's code never weighs on the gallery). The worker is served by this server.
 */
export async function openPdf(url: string): Promise<PDFDocumentProxy> {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return pdfjs.getDocument({ url, withCredentials: true, isEvalSupported: false }).promise;
}

/**
 * Draws one page into the canvas at `cssWidth` CSS pixels wide (sharp on high-density screens).
 * `cancel` stops a drawing that a newer one replaces.
 */
export function renderPage(
  doc: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  cssWidth: number,
): { done: Promise<void>; cancel: () => void } {
  let task: RenderTask | null = null;
  const state = { cancelled: false };
  const done = doc.getPage(pageNumber).then(async (page) => {
    if (state.cancelled) return;
    const scale = cssWidth / page.getViewport({ scale: 1 }).width;
    const ratio = window.devicePixelRatio || 1;
    const viewport = page.getViewport({ scale: scale * ratio });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.style.width = `${String(Math.floor(viewport.width / ratio))}px`;
    task = page.render({ canvas, viewport });
    try {
      await task.promise;
    } catch (error) {
      // A drawing replaced by a newer one ends with a cancellation: not a failure.
      if (!(error instanceof Error && error.name === 'RenderingCancelledException')) throw error;
    }
  });
  return {
    done,
    cancel: () => {
      state.cancelled = true;
      task?.cancel();
    },
  };
}
