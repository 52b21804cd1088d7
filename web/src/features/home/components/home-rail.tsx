import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Which ends of a rail have more to show. */
function railEnds(element: HTMLElement): { back: boolean; forward: boolean } {
  const max = element.scrollWidth - element.clientWidth;
  return { back: element.scrollLeft > 1, forward: element.scrollLeft < max - 1 };
}

/**
 * A horizontally scrolling row of equal-width items, with back / forward arrows (mice have no
 * sideways scroll) shown while there is more on that side.
 */
export function Rail({
  children,
  testId,
  wide = false,
}: {
  children: ReactNode;
  testId: string;
  wide?: boolean;
}) {
  const { t } = useTranslation('home');
  const ref = useRef<HTMLDivElement>(null);
  const [ends, setEnds] = useState({ back: false, forward: false });
  const update = useCallback(() => {
    if (ref.current) setEnds(railEnds(ref.current));
  }, []);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    update();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [update, children]);
  const scroll = (direction: 1 | -1) =>
    ref.current?.scrollBy({ left: direction * ref.current.clientWidth * 0.8, behavior: 'smooth' });
  const arrow = (direction: 1 | -1) => {
    const forward = direction === 1;
    const label = forward ? t('home.scroll-forward') : t('home.scroll-back');
    return (
      <IconButton
        aria-label={label}
        onClick={() => scroll(direction)}
        data-testid={`${testId}-${forward ? 'forward' : 'back'}`}
        sx={{
          position: 'absolute',
          top: '40%',
          [forward ? 'right' : 'left']: 4,
          transform: 'translateY(-50%)',
          zIndex: 2,
          // Phones swipe; the arrows are for mice.
          display: { xs: 'none', sm: 'inline-flex' },
          bgcolor: 'background.paper',
          boxShadow: 3,
          '&:hover': { bgcolor: 'background.paper' },
        }}
      >
        {forward ? <ChevronRightRounded /> : <ChevronLeftRounded />}
      </IconButton>
    );
  };
  return (
    <Box sx={{ position: 'relative' }}>
      {ends.back ? arrow(-1) : null}
      <Box
        ref={ref}
        onScroll={update}
        data-testid={testId}
        sx={{
          display: 'grid',
          gridAutoFlow: 'column',
          gridAutoColumns: wide
            ? { xs: '44%', sm: '30%', md: '22%', lg: '200px' }
            : { xs: '40%', sm: '26%', md: '18%', lg: '160px', xl: '176px' },
          gap: { xs: 1, sm: 1.5 },
          overflowX: 'auto',
          overscrollBehaviorX: 'contain',
          scrollSnapType: 'x proximity',
          pb: 1.5,
          mx: { xs: -2, sm: 0 },
          px: { xs: 2, sm: 0 },
          scrollPaddingInline: { xs: 16, sm: 0 },
          '& > *': { scrollSnapAlign: 'start' },
        }}
      >
        {children}
      </Box>
      {ends.forward ? arrow(1) : null}
    </Box>
  );
}

export function Section({
  id,
  title,
  action,
  children,
}: {
  /** Lets an address like `/#continue-playing` lead to the section. */
  id?: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" id={id} sx={{ mb: 4 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1.5 }}
      >
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Box>
  );
}
