import DownloadRounded from '@mui/icons-material/DownloadRounded';
import KeyboardArrowDownRounded from '@mui/icons-material/KeyboardArrowDownRounded';
import type { DetailedRom, RomFile } from '@romshelf/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { visuallyHidden } from '@/components/visually-hidden';
import { romContentUrl, startDownload } from '@/lib/download';
import { useKioskVisitor } from '@/shared/stores/kiosk';
import { formatBytes, formatDate } from '@/lib/format';
import { useHasScopes } from '@/shared/stores/use-scopes';

import { HashList } from './hash-list';
import { ConvertToFolderButton, DeleteFileButton } from './rom-file-actions';

function FileRow({
  file,
  selectable,
  selected,
  onToggle,
  action,
}: {
  file: RomFile;
  selectable: boolean;
  selected: boolean;
  onToggle: () => void;
  /** A per-file action (delete) in the last cell, for editors. */
  action: ReactNode;
}) {
  const { t } = useTranslation('rom');
  const [open, setOpen] = useState(false);
  const cells = 4 + (selectable ? 1 : 0) + (action ? 1 : 0);
  return (
    <Fragment>
      <TableRow hover data-testid="rom-file" data-file-id={file.id} selected={selected}>
        {selectable ? (
          <TableCell padding="checkbox">
            <Checkbox
              checked={selected}
              onChange={onToggle}
              slotProps={{
                input: {
                  'aria-label': t('files.select', { name: file.file_name }),
                  // @ts-expect-error data attributes are valid on the input element
                  'data-testid': `file-select-${file.file_name}`,
                },
              }}
            />
          </TableCell>
        ) : null}
        <TableCell>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {file.file_name}
          </Typography>
          {file.file_path && !file.is_top_level ? (
            <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {file.file_path}
            </Typography>
          ) : null}
        </TableCell>
        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
          {file.category ? <Chip size="small" label={t(`category.${file.category}`)} /> : '-'}
        </TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          {formatBytes(file.file_size_bytes)}
        </TableCell>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-label={t('files.hashes', { name: file.file_name })}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
            sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
          >
            <KeyboardArrowDownRounded />
          </IconButton>
        </TableCell>
        {action ? <TableCell padding="checkbox">{action}</TableCell> : null}
      </TableRow>
      <TableRow>
        <TableCell colSpan={cells} sx={{ py: 0, borderBottom: open ? undefined : 'none' }}>
          <Collapse in={open} unmountOnExit>
            <Box sx={{ py: 1.5 }}>
              <HashList
                crc={file.crc_hash}
                md5={file.md5_hash}
                sha1={file.sha1_hash}
                ra={file.ra_hash}
              />
              <Typography variant="caption" color="text.secondary">
                {t('files.modified', { date: formatDate(file.last_modified) })}
              </Typography>
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}

/** The files table with per-file hashes; multi-file ROMs can download chosen files. */
export function RomFiles({ rom }: { rom: DetailedRom }) {
  const { t } = useTranslation('rom');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const kiosk = useKioskVisitor();
  // Kiosk visitors download nothing.
  const selectable = rom.files.length > 1 && !kiosk.visitor;
  const canWrite = useHasScopes('roms.write');
  const deletable = canWrite && rom.has_multiple_files;
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const allSelected = selectable && selected.size === rom.files.length;
  return (
    <Box>
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 1,
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="h6" component="h2">
          {t('files.title', { count: rom.files.length })}
        </Typography>
        {canWrite && rom.has_simple_single_file ? <ConvertToFolderButton rom={rom} /> : null}
        {selectable ? (
          <Button
            size="small"
            variant="outlined"
            startIcon={<DownloadRounded />}
            disabled={selected.size === 0}
            data-testid="download-selected"
            onClick={() =>
              startDownload(
                romContentUrl(
                  rom,
                  [...selected].sort((a, b) => a - b),
                ),
              )
            }
          >
            {selected.size > 0
              ? t('files.download-selected', { count: selected.size })
              : t('files.download-none')}
          </Button>
        ) : null}
      </Stack>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: '12px', overflowX: 'auto' }}>
        <Table size="small" data-testid="rom-files">
          <TableHead>
            <TableRow>
              {selectable ? (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allSelected}
                    indeterminate={selected.size > 0 && !allSelected}
                    onChange={() =>
                      setSelected(
                        allSelected ? new Set() : new Set(rom.files.map((file) => file.id)),
                      )
                    }
                    slotProps={{ input: { 'aria-label': t('files.select-all') } }}
                  />
                </TableCell>
              ) : null}
              <TableCell sx={{ fontWeight: 700 }}>{t('files.name')}</TableCell>
              <TableCell sx={{ fontWeight: 700, display: { xs: 'none', sm: 'table-cell' } }}>
                {t('files.category')}
              </TableCell>
              <TableCell sx={{ fontWeight: 700 }} align="right">
                {t('files.size')}
              </TableCell>
              <TableCell padding="checkbox">
                <Box component="span" sx={visuallyHidden}>
                  {t('files.hashes-column')}
                </Box>
              </TableCell>
              {deletable ? (
                <TableCell padding="checkbox">
                  <Box component="span" sx={visuallyHidden}>
                    {t('file-actions.column')}
                  </Box>
                </TableCell>
              ) : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {rom.files.map((file) => (
              <FileRow
                key={file.id}
                file={file}
                selectable={selectable}
                selected={selected.has(file.id)}
                onToggle={() => toggle(file.id)}
                action={deletable ? <DeleteFileButton rom={rom} file={file} /> : null}
              />
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
