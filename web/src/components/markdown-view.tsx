import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useMemo, useState } from 'react';

import type { renderMarkdown } from '@/lib/markdown';

type Renderer = typeof renderMarkdown;

let loadedRenderer: Renderer | undefined;

/**
 * The renderer (marked + DOMPurify, a third of the game page's code) loads with the first text
 * shown, not with the page: the gallery's preload of the game page stays small.
 */
function loadRenderer(): Promise<Renderer> {
  return import('@/lib/markdown').then((module) => (loadedRenderer = module.renderMarkdown));
}

/** Markdown rendered through the SPEC §5 sanitiser (empty for the moment its code loads). */
export function MarkdownView({
  source,
  testId,
  sx,
}: {
  source: string;
  testId?: string;
  sx?: SxProps<Theme>;
}) {
  const [render, setRender] = useState(() => loadedRenderer);
  useEffect(() => {
    if (render !== undefined) return;
    let current = true;
    void loadRenderer().then((loaded) => {
      if (current) setRender(() => loaded);
    });
    return () => {
      current = false;
    };
  }, [render]);
  const html = useMemo(() => render?.(source) ?? '', [render, source]);
  return (
    <Box sx={sx}>
      <Box
        data-testid={testId}
        className="markdown"
        sx={(theme) => ({
          typography: 'body2',
          lineHeight: 1.65,
          wordBreak: 'break-word',
          '& > :first-of-type': { mt: 0 },
          '& > :last-child': { mb: 0 },
          '& h1, & h2, & h3, & h4': { lineHeight: 1.3, mt: 2, mb: 1 },
          '& h1': { fontSize: 22 },
          '& h2': { fontSize: 19 },
          '& h3': { fontSize: 16 },
          '& a': { color: theme.palette.primary.main },
          '& code': {
            fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
            fontSize: '0.9em',
            px: 0.5,
            borderRadius: 1,
            bgcolor: theme.palette.action.hover,
          },
          '& pre': {
            p: 1.5,
            borderRadius: 2,
            overflowX: 'auto',
            bgcolor: theme.palette.action.hover,
          },
          '& pre code': { p: 0, bgcolor: 'transparent' },
          '& blockquote': {
            m: 0,
            pl: 2,
            borderLeft: `3px solid ${theme.palette.divider}`,
            color: theme.palette.text.secondary,
          },
          '& img': { maxWidth: '100%', borderRadius: 1 },
          '& table': { borderCollapse: 'collapse' },
          '& th, & td': { border: `1px solid ${theme.palette.divider}`, px: 1, py: 0.5 },
          '& ul, & ol': { pl: 3 },
        })}
        // The HTML comes from renderMarkdown: DOMPurify with an explicit allowlist (SPEC §5).
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Box>
  );
}
