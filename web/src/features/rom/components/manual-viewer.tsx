import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ZoomInRounded from '@mui/icons-material/ZoomInRounded';
import ZoomOutRounded from '@mui/icons-material/ZoomOutRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { KeyboardEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';

import { openPdf, renderPage } from '../pdf-pages';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/** The open document, or why it could not be opened. */
function usePdf(url: string) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let closed = false;
    let opened: PDFDocumentProxy | null = null;
    openPdf(url).then(
      (loaded) => {
        opened = loaded;
        if (closed) void loaded.destroy();
        else setDoc(loaded);
      },
      (cause: unknown) => {
        if (!closed) setError(errorMessage(cause));
      },
    );
    return () => {
      closed = true;
      void opened?.destroy();
    };
  }, [url]);
  return { doc, error };
}

/** The page number being typed, applied on Enter or when the field loses focus (keyed by page). */
function PageField({
  page,
  total,
  onPage,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('rom');
  const [draft, setDraft] = useState(String(page));
  const apply = () => {
    const wanted = Number.parseInt(draft, 10);
    if (Number.isInteger(wanted) && wanted >= 1 && wanted <= total) onPage(wanted);
    else setDraft(String(page));
  };
  return (
    <TextField
      size="small"
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Enter') apply();
      }}
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          'aria-label': t('carried.page-input', { total }),
          'data-testid': 'manual-viewer-page-input',
          style: { width: '3.5ch', textAlign: 'center' },
        },
      }}
    />
  );
}

/**
 * A PDF manual read in the page: one page at a time drawn by pdf.js, fitted to the width, with
 * page navigation (buttons, typed number, arrow and Page keys) and zoom.
 */
export default function ManualViewer({
  url,
  name,
  onClose,
}: {
  url: string;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('rom');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { doc, error } = usePdf(url);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(2);
  const [drawn, setDrawn] = useState(0);
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const total = doc?.numPages ?? 0;
  const scale = ZOOMS[zoom] ?? 1;

  useEffect(() => {
    if (doc === null || canvas.current === null || frame.current === null) return;
    const width = Math.max(200, frame.current.clientWidth - 32) * scale;
    const drawing = renderPage(doc, page, canvas.current, width);
    drawing.done.then(
      () => setDrawn(page),
      () => undefined,
    );
    return drawing.cancel;
  }, [doc, page, scale]);

  const go = (next: number) => setPage(Math.min(Math.max(1, next), Math.max(1, total)));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' || event.key === 'PageUp') go(page - 1);
    else if (event.key === 'ArrowRight' || event.key === 'PageDown') go(page + 1);
    else return;
    event.preventDefault();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      onKeyDown={onKeyDown}
      fullScreen={phone}
      maxWidth="lg"
      fullWidth
      aria-labelledby="manual-viewer-title"
      data-testid="manual-viewer"
      slotProps={{ paper: { sx: { height: { sm: 'calc(100% - 64px)' } } } }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1.5, py: 1, flexWrap: 'wrap' }}
      >
        <Typography
          id="manual-viewer-title"
          variant="subtitle1"
          noWrap
          sx={{ flex: '1 1 160px', minWidth: 0, fontWeight: 600 }}
        >
          {name}
        </Typography>
        <IconButton
          aria-label={t('carried.previous-page')}
          disabled={page <= 1}
          onClick={() => go(page - 1)}
          data-testid="manual-viewer-prev"
        >
          <ChevronLeftRounded />
        </IconButton>
        {total > 0 ? <PageField key={page} page={page} total={total} onPage={go} /> : null}
        <Typography
          variant="body2"
          data-testid="manual-viewer-page"
          aria-live="polite"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {total > 0 ? t('carried.page', { page, total }) : ''}
        </Typography>
        <IconButton
          aria-label={t('carried.next-page')}
          disabled={page >= total}
          onClick={() => go(page + 1)}
          data-testid="manual-viewer-next"
        >
          <ChevronRightRounded />
        </IconButton>
        <IconButton
          aria-label={t('carried.zoom-out')}
          disabled={zoom === 0}
          onClick={() => setZoom(zoom - 1)}
        >
          <ZoomOutRounded />
        </IconButton>
        <IconButton
          aria-label={t('carried.zoom-in')}
          disabled={zoom === ZOOMS.length - 1}
          onClick={() => setZoom(zoom + 1)}
        >
          <ZoomInRounded />
        </IconButton>
        <IconButton
          aria-label={t('actions.close')}
          onClick={onClose}
          data-testid="manual-viewer-close"
        >
          <CloseRounded />
        </IconButton>
      </Box>
      <Box
        ref={frame}
        // The page scrolls when zoomed in: a keyboard must be able to reach and scroll it.
        tabIndex={0}
        role="region"
        aria-label={name}
        sx={{ flex: 1, overflow: 'auto', bgcolor: 'action.hover', p: 2, textAlign: 'center' }}
      >
        {error !== null ? (
          <Alert severity="error" data-testid="manual-viewer-error" sx={{ textAlign: 'left' }}>
            {t('carried.load-failed', { detail: error })}
          </Alert>
        ) : doc === null ? (
          <CircularProgress aria-label={t('carried.loading')} />
        ) : null}
        <Box
          component="canvas"
          ref={canvas}
          role="img"
          aria-label={t('carried.page', { page, total })}
          data-testid="manual-viewer-canvas"
          data-page={drawn}
          sx={{
            display: doc === null ? 'none' : 'inline-block',
            bgcolor: 'common.white',
            boxShadow: 3,
            maxWidth: 'none',
          }}
        />
      </Box>
    </Dialog>
  );
}
