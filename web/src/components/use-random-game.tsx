import Snackbar from '@mui/material/Snackbar';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { errorMessage } from '@/lib/api-client';
import { fetchRandomRom } from '@/shared/api/random-rom';
import type { RandomRomQuery } from '@/shared/api/random-rom';

export interface RandomGame {
  /** Opens a random game of `query`'s scope and filters, or says that nothing matches. */
  pick: (query?: RandomRomQuery) => void;
  pending: boolean;
  /** The message when no game matched or the pick failed; render it once. */
  notice: ReactNode;
}

/** The random-game action shared by the navigation and every gallery. */
export function useRandomGame(): RandomGame {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const pick = (query?: RandomRomQuery) => {
    if (pending) return;
    setPending(true);
    setMessage(null);
    fetchRandomRom(query)
      .then((rom) => {
        if (rom) void navigate(`/rom/${String(rom.id)}`);
        else setMessage(t('random.none'));
      })
      .catch((error: unknown) => setMessage(t('random.failed', { error: errorMessage(error) })))
      .finally(() => setPending(false));
  };

  const notice = (
    <Snackbar
      open={message !== null}
      message={message}
      autoHideDuration={6000}
      onClose={() => setMessage(null)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      slotProps={{ content: { 'data-testid': 'random-notice' } as object }}
    />
  );
  return { pick, pending, notice };
}
