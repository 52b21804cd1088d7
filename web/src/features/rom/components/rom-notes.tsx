import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import PublicRounded from '@mui/icons-material/PublicRounded';
import type { DetailedRom, UserNote } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { MarkdownView } from '@/components/markdown-view';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

import type { NoteDraft } from '../api/rom-notes';
import { createRomNote, deleteRomNote, updateRomNote } from '../api/rom-notes';
import { NoteEditor } from './note-editor';

const EMPTY_DRAFT: NoteDraft = { title: '', content: '', is_public: false };

/** A note: title, who wrote it and when, its Markdown; the author's own get edit and delete. */
function NoteCard({
  note,
  own,
  onEdit,
  onDelete,
}: {
  note: UserNote;
  own: boolean;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation('rom');
  const [confirming, setConfirming] = useState(false);
  return (
    <Box
      data-testid={own ? 'rom-note-own' : 'rom-note-public'}
      sx={(theme) => ({ p: 1.5, borderRadius: 2, border: `1px solid ${theme.palette.divider}` })}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 0.75, minWidth: 0 }}>
        <Typography variant="subtitle2" sx={{ fontWeight: 700, minWidth: 0 }} noWrap>
          {note.title}
        </Typography>
        {own ? (
          <Chip
            size="small"
            variant="outlined"
            icon={note.is_public ? <PublicRounded /> : <LockRounded />}
            label={note.is_public ? t('notes.public') : t('notes.private')}
            data-testid="rom-note-visibility"
          />
        ) : null}
        <Box sx={{ flex: 1 }} />
        {own ? (
          <Stack direction="row">
            <Tooltip title={t('actions.edit')}>
              <IconButton size="small" onClick={onEdit} data-testid="rom-note-edit">
                <EditRounded fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('actions.delete')}>
              <IconButton
                size="small"
                onClick={() => setConfirming(true)}
                data-testid="rom-note-delete"
              >
                <DeleteOutlineRounded fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        ) : null}
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
        {own ? null : (
          <Avatar
            src={note.user_avatar_path || undefined}
            sx={{ width: 22, height: 22, fontSize: 12 }}
          >
            {note.username.slice(0, 1).toUpperCase()}
          </Avatar>
        )}
        <Typography variant="caption" color="text.secondary" data-testid="rom-note-byline">
          {own
            ? t('notes.updated', { date: formatDateTime(note.updated_at) })
            : t('notes.by', { author: note.username, date: formatDateTime(note.updated_at) })}
        </Typography>
      </Stack>
      {confirming ? (
        <Alert
          severity="warning"
          sx={{ mb: 1 }}
          action={
            <Stack direction="row" sx={{ gap: 0.5 }}>
              <Button color="inherit" size="small" onClick={() => setConfirming(false)}>
                {t('actions.cancel')}
              </Button>
              <Button
                color="error"
                size="small"
                onClick={onDelete}
                data-testid="rom-note-delete-confirm"
              >
                {t('actions.delete')}
              </Button>
            </Stack>
          }
        >
          {t('notes.delete-confirm', { title: note.title })}
        </Alert>
      ) : null}
      {note.content.trim() ? (
        <MarkdownView source={note.content} testId="rom-note-content" />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('notes.no-text')}
        </Typography>
      )}
    </Box>
  );
}

/** The ROM with its notes list changed, last updated first (as the server sends them). */
function withNotes(rom: DetailedRom, notes: UserNote[]): DetailedRom {
  const sorted = [...notes].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  return { ...rom, all_user_notes: sorted, has_notes: sorted.length > 0 };
}

/**
 * Notes about a game (RomM 5): the caller writes several, private or public, in Markdown;
 * other users' public notes show below with their author and date.
 */
export function RomNotes({
  rom,
  onChange,
}: {
  rom: DetailedRom;
  onChange: (rom: DetailedRom) => void;
}) {
  const { t } = useTranslation('rom');
  const userId = rom.rom_user.user_id;
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const own = rom.all_user_notes.filter((note) => note.user_id === userId);
  const others = rom.all_user_notes.filter((note) => note.user_id !== userId);

  const run = async (action: () => Promise<UserNote[]>): Promise<boolean> => {
    setError(null);
    try {
      onChange(withNotes(rom, await action()));
      setEditing(null);
      return true;
    } catch (cause) {
      setError(errorMessage(cause));
      return false;
    }
  };
  const replace = (note: UserNote) =>
    rom.all_user_notes.map((item) => (item.id === note.id ? note : item));

  return (
    <Stack spacing={1.5} data-testid="rom-notes">
      {error ? (
        <Alert severity="error" onClose={() => setError(null)} data-testid="rom-notes-error">
          {error}
        </Alert>
      ) : null}
      {own.length === 0 && editing !== 'new' ? (
        <Typography variant="body2" color="text.secondary" data-testid="rom-notes-empty">
          {t('notes.empty')}
        </Typography>
      ) : null}
      {own.map((note) =>
        editing === note.id ? (
          <NoteEditor
            key={note.id}
            initial={{ title: note.title, content: note.content, is_public: note.is_public }}
            onCancel={() => setEditing(null)}
            onSave={(draft) =>
              run(async () => replace(await updateRomNote(rom.id, note.id, draft)))
            }
          />
        ) : (
          <NoteCard
            key={note.id}
            note={note}
            own
            onEdit={() => setEditing(note.id)}
            onDelete={() =>
              void run(async () => {
                await deleteRomNote(rom.id, note.id);
                return rom.all_user_notes.filter((item) => item.id !== note.id);
              })
            }
          />
        ),
      )}
      {editing === 'new' ? (
        <NoteEditor
          initial={EMPTY_DRAFT}
          onCancel={() => setEditing(null)}
          onSave={(draft) =>
            run(async () => [await createRomNote(rom.id, draft), ...rom.all_user_notes])
          }
        />
      ) : (
        <Box>
          <Button
            variant="outlined"
            startIcon={<AddRounded />}
            onClick={() => setEditing('new')}
            data-testid="rom-note-add"
          >
            {t('notes.add')}
          </Button>
        </Box>
      )}
      {others.length > 0 ? (
        <Stack spacing={1.5} data-testid="rom-notes-others">
          <Typography variant="overline" color="text.secondary">
            {t('notes.others')}
          </Typography>
          {others.map((note) => (
            <NoteCard key={note.id} note={note} own={false} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
