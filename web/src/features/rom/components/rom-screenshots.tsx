import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const overlayButton = {
  position: 'absolute',
  color: 'common.white',
  bgcolor: 'rgba(0, 0, 0, 0.45)',
  '&:hover': { bgcolor: 'rgba(0, 0, 0, 0.7)' },
} as const;

/** One screenshot at a time over a dark backdrop; arrows (buttons or keys) step round, Escape closes. */
function Lightbox({
  urls,
  index,
  onIndex,
  onClose,
}: {
  urls: readonly string[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('rom');
  const total = urls.length;
  const step = (by: number) => onIndex((index + by + total) % total);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else return;
    event.preventDefault();
  };
  const label = t('media.screenshot', { index: index + 1, total });
  return (
    <Dialog
      open
      onClose={onClose}
      onKeyDown={onKeyDown}
      maxWidth={false}
      data-testid="rom-lightbox"
      slotProps={{
        paper: {
          'aria-label': label,
          sx: {
            m: { xs: 1, sm: 3 },
            width: 'min(1280px, 100%)',
            maxWidth: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 48px)' },
            bgcolor: 'common.black',
            backgroundImage: 'none',
            borderRadius: '12px',
            overflow: 'hidden',
          },
        },
        backdrop: { sx: { bgcolor: 'rgba(0, 0, 0, 0.85)' } },
      }}
    >
      <Box sx={{ position: 'relative', display: 'grid', placeItems: 'center', minHeight: 200 }}>
        <Box
          component="img"
          src={urls[index]}
          alt={label}
          data-testid="rom-lightbox-image"
          sx={{
            display: 'block',
            maxWidth: '100%',
            maxHeight: 'calc(100dvh - 96px)',
            objectFit: 'contain',
          }}
        />
        <IconButton
          aria-label={t('actions.close')}
          onClick={onClose}
          data-testid="rom-lightbox-close"
          sx={{ ...overlayButton, top: 8, right: 8 }}
        >
          <CloseRounded />
        </IconButton>
        {total > 1 ? (
          <>
            <IconButton
              aria-label={t('media.previous')}
              onClick={() => step(-1)}
              data-testid="rom-lightbox-prev"
              sx={{ ...overlayButton, left: 8, top: '50%', transform: 'translateY(-50%)' }}
            >
              <ChevronLeftRounded fontSize="large" />
            </IconButton>
            <IconButton
              aria-label={t('media.next')}
              onClick={() => step(1)}
              data-testid="rom-lightbox-next"
              sx={{ ...overlayButton, right: 8, top: '50%', transform: 'translateY(-50%)' }}
            >
              <ChevronRightRounded fontSize="large" />
            </IconButton>
            <Typography
              variant="caption"
              data-testid="rom-lightbox-counter"
              aria-live="polite"
              sx={{
                ...overlayButton,
                bottom: 8,
                left: '50%',
                transform: 'translateX(-50%)',
                px: 1.25,
                py: 0.25,
                borderRadius: 99,
                fontVariantNumeric: 'tabular-nums',
              }}
            >
              {`${String(index + 1)} / ${String(total)}`}
            </Typography>
          </>
        ) : null}
      </Box>
    </Dialog>
  );
}

/** Screenshot thumbnails (lazy) that open a lightbox. */
export function RomScreenshots({ urls }: { urls: readonly string[] }) {
  const { t } = useTranslation('rom');
  const [open, setOpen] = useState<number | null>(null);
  if (urls.length === 0) return null;
  const total = urls.length;
  return (
    <>
      <Box
        data-testid="rom-screenshots"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
          gap: 1,
        }}
      >
        {urls.map((url, index) => (
          <ButtonBase
            key={url}
            focusRipple
            onClick={() => setOpen(index)}
            aria-label={t('media.open-screenshot', { index: index + 1, total })}
            data-testid="rom-screenshot"
            sx={{
              aspectRatio: '16 / 9',
              borderRadius: '10px',
              overflow: 'hidden',
              bgcolor: 'action.hover',
              outline: 1,
              outlineColor: 'divider',
              '& img': { transition: 'transform 200ms ease' },
              '&:hover img, &.Mui-focusVisible img': { transform: 'scale(1.04)' },
            }}
          >
            <Box
              component="img"
              src={url}
              alt=""
              loading="lazy"
              decoding="async"
              width={320}
              height={180}
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          </ButtonBase>
        ))}
      </Box>
      {open !== null ? (
        <Lightbox urls={urls} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}
