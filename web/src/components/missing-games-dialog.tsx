import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CompletenessSet } from '@romshelf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatBytes } from '@/lib/format';
import type { CompletenessFilter } from '@/shared/api/completeness';
import { missingExportUrl, useMissingGamesQuery } from '@/shared/api/completeness';

const PAGE_SIZE = 25;

/** A set's missing games: searched and paged by name, downloadable as CSV or as a fixdat. */
export function MissingGamesDialog({
  set,
  filter,
  name,
  onClose,
}: {
  set: CompletenessSet;
  filter: CompletenessFilter;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('platform');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const scope = { ...filter, search };
  const missing = useMissingGamesQuery(
    set.dat_id,
    scope,
    { limit: PAGE_SIZE, offset: page * PAGE_SIZE },
    true,
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="missing-games-title">
      <DialogTitle id="missing-games-title">
        {t('completeness.missing-title', { set: name })}
      </DialogTitle>
      <DialogContent>
        <TextField
          size="small"
          fullWidth
          label={t('completeness.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          slotProps={{ htmlInput: { 'data-testid': 'missing-games-search' } }}
          sx={{ mt: 1, mb: 1 }}
        />
        <Table size="small" data-testid="missing-games">
          <TableHead>
            <TableRow>
              <TableCell>{t('completeness.name')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {t('completeness.region')}
              </TableCell>
              <TableCell align="right">{t('completeness.size')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(missing.data?.items ?? []).map((game) => (
              <TableRow key={game.id} data-testid="missing-game">
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  {game.name}
                  {game.incomplete ? (
                    <Chip size="small" label={t('completeness.incomplete-chip')} sx={{ ml: 1 }} />
                  ) : null}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {game.region ?? ''}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatBytes(game.size)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {missing.data?.total === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
            {t('completeness.none-found')}
          </Typography>
        ) : null}
        <TablePagination
          component="div"
          count={missing.data?.total ?? 0}
          page={page}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_event, next) => setPage(next)}
        />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          startIcon={<DownloadRounded />}
          href={missingExportUrl(set.dat_id, 'missing.csv', scope)}
          data-testid="missing-games-csv"
        >
          {t('completeness.csv')}
        </Button>
        <Button
          startIcon={<DownloadRounded />}
          href={missingExportUrl(set.dat_id, 'fixdat', scope)}
          data-testid="missing-games-fixdat"
        >
          {t('completeness.fixdat')}
        </Button>
        <Button onClick={onClose}>{t('completeness.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
