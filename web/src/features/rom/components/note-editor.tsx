import { ROM_NOTE_TITLE_MAX, ROM_NOTES_MAX } from '@romshelf/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { MarkdownView } from '@/components/markdown-view';

import type { NoteDraft } from '../api/rom-notes';
import { useDebounced } from './personal-data';

/**
 * One note being written: a title, Markdown with a live preview (debounced; side by side on
 * wide screens, tabs on narrow ones) and the public switch. Saves on demand.
 */
export function NoteEditor({
  initial,
  onSave,
  onCancel,
}: {
  initial: NoteDraft;
  onSave: (draft: NoteDraft) => Promise<boolean>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('rom');
  const [draft, setDraft] = useState(initial);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [saving, setSaving] = useState(false);
  const preview = useDebounced(draft.content);
  const title = draft.title.trim();
  const dirty =
    draft.title !== initial.title ||
    draft.content !== initial.content ||
    draft.is_public !== initial.is_public;

  return (
    <Box
      data-testid="rom-note-editor"
      sx={(theme) => ({ p: 1.5, borderRadius: 2, border: `1px solid ${theme.palette.divider}` })}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, mb: 1.5 }}>
        <TextField
          size="small"
          label={t('notes.note-title')}
          value={draft.title}
          onChange={(event) => setDraft({ ...draft, title: event.target.value })}
          sx={{ flex: 1 }}
          slotProps={{
            htmlInput: { 'data-testid': 'rom-note-title', maxLength: ROM_NOTE_TITLE_MAX },
          }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={draft.is_public}
              onChange={(event) => setDraft({ ...draft, is_public: event.target.checked })}
              slotProps={{ input: { 'aria-describedby': 'rom-note-public-hint' } }}
              data-testid="rom-note-public-switch"
            />
          }
          label={t('notes.public')}
        />
      </Stack>
      <Typography
        id="rom-note-public-hint"
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', mb: 1 }}
      >
        {draft.is_public ? t('notes.public-hint') : t('notes.private-hint')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, value: 'write' | 'preview') => setTab(value)}
        sx={{ minHeight: 32, display: { md: 'none' }, '& .MuiTab-root': { minHeight: 32, py: 0 } }}
      >
        <Tab value="write" label={t('personal.write')} />
        <Tab value="preview" label={t('personal.preview')} />
      </Tabs>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <TextField
          multiline
          minRows={6}
          maxRows={20}
          value={draft.content}
          onChange={(event) => setDraft({ ...draft, content: event.target.value })}
          placeholder={t('personal.notes-placeholder')}
          sx={{ display: { xs: tab === 'write' ? 'flex' : 'none', md: 'flex' } }}
          slotProps={{
            htmlInput: {
              'data-testid': 'rom-notes-input',
              maxLength: ROM_NOTES_MAX,
              'aria-label': t('notes.content'),
              style: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 13 },
            },
          }}
        />
        <Box
          sx={(theme) => ({
            display: { xs: tab === 'preview' ? 'block' : 'none', md: 'block' },
            p: 2,
            minHeight: 120,
            borderRadius: 1,
            border: `1px dashed ${theme.palette.divider}`,
            overflow: 'auto',
            maxHeight: 460,
          })}
        >
          {preview.trim() ? (
            <MarkdownView source={preview} testId="rom-notes-preview" />
          ) : (
            <Typography variant="body2" color="text.secondary" data-testid="rom-notes-preview">
              {t('personal.preview-empty')}
            </Typography>
          )}
        </Box>
      </Box>
      <Stack direction="row" sx={{ mt: 1.5, gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ mr: 'auto', alignSelf: 'center', flexBasis: { xs: '100%', sm: 'auto' } }}
        >
          {t('personal.markdown-hint')}
        </Typography>
        <Button disabled={saving} onClick={onCancel} data-testid="rom-note-cancel">
          {t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!dirty || title === ''}
          loading={saving}
          data-testid="rom-notes-save"
          onClick={() => {
            setSaving(true);
            void onSave({ ...draft, title }).finally(() => setSaving(false));
          }}
        >
          {t('notes.save')}
        </Button>
      </Stack>
    </Box>
  );
}
