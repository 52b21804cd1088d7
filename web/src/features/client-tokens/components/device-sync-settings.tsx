import type { Device, SaveDirectory, SyncMode } from '@romshelf/contract';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';

import { useSaveDeviceSyncMutation } from '../api/device-sync';

const MODES: readonly SyncMode[] = ['api', 'file_transfer', 'push_pull'];

type Folder = { platform_slug: string; path: string; extension: string };

const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);

function foldersOf(config: Record<string, unknown> | null): Folder[] {
  const list = Array.isArray(config?.save_directories)
    ? (config.save_directories as Partial<SaveDirectory>[])
    : [];
  return list.map((entry) => ({
    platform_slug: text(entry.platform_slug),
    path: text(entry.path),
    extension: text(entry.extension),
  }));
}

/** The device's sync mode and, for push_pull, how RomShelf reaches it over SSH. */
export function DeviceSyncSettings({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation('tokens');
  const save = useSaveDeviceSyncMutation(device.id);
  const config = device.sync_config;
  const [mode, setMode] = useState<SyncMode>(device.sync_mode);
  const [enabled, setEnabled] = useState(device.sync_enabled);
  const [host, setHost] = useState(text(config?.ssh_host));
  const [port, setPort] = useState(
    typeof config?.ssh_port === 'number' ? String(config.ssh_port) : '22',
  );
  const [user, setUser] = useState(text(config?.ssh_username, 'root'));
  const [password, setPassword] = useState(text(config?.ssh_password));
  const [folders, setFolders] = useState<Folder[]>(foldersOf(config));
  const submit = () => {
    const sshConfig = {
      ...config,
      ssh_host: host.trim(),
      ssh_port: Number(port),
      ssh_username: user.trim(),
      ssh_password: password === '' ? null : password,
      save_directories: folders.filter((f) => f.platform_slug.trim() !== '' && f.path !== ''),
    };
    save.mutate(
      {
        sync_mode: mode,
        sync_enabled: enabled,
        sync_config: mode === 'push_pull' ? sshConfig : config,
      },
      { onSuccess: onClose },
    );
  };
  const field = (label: string, value: string, set: (next: string) => void, id: string) => (
    <TextField
      fullWidth
      size="small"
      label={label}
      value={value}
      type={id === 'password' ? 'password' : 'text'}
      onChange={(event) => set(event.target.value)}
      slotProps={{ htmlInput: { 'data-testid': `device-sync-${id}` } }}
    />
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {t('device-sync.settings-title', { name: device.name ?? t('devices.unnamed') })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {save.error ? <Alert severity="error">{errorMessage(save.error)}</Alert> : null}
          <TextField
            select
            size="small"
            label={t('device-sync.mode')}
            value={mode}
            onChange={(event) => setMode(event.target.value as SyncMode)}
            helperText={t(`device-sync.mode-help.${mode}`, { id: device.id })}
            slotProps={{ htmlInput: { 'data-testid': 'device-sync-mode' } }}
          >
            {MODES.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`device-sync.modes.${option}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
            }
            label={t('device-sync.enabled')}
          />
          {mode === 'push_pull' ? (
            <>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                {field(t('device-sync.host'), host, setHost, 'host')}
                {field(t('device-sync.port'), port, setPort, 'port')}
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                {field(t('device-sync.user'), user, setUser, 'user')}
                {field(t('device-sync.password'), password, setPassword, 'password')}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {t('device-sync.key-help', { id: device.id })}
              </Typography>
              <SaveFolders folders={folders} onChange={setFolders} />
            </>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('devices.cancel')}</Button>
        <Button
          variant="contained"
          disabled={save.isPending}
          onClick={submit}
          data-testid="device-sync-save"
        >
          {t('devices.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The push_pull device's save folders, one per platform. */
function SaveFolders({
  folders,
  onChange,
}: {
  folders: Folder[];
  onChange: (next: Folder[]) => void;
}) {
  const { t } = useTranslation('tokens');
  const set = (index: number, key: keyof Folder, value: string) =>
    onChange(folders.map((folder, at) => (at === index ? { ...folder, [key]: value } : folder)));
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">
        {t('device-sync.folders')}
      </Typography>
      {folders.map((folder, index) => (
        <Stack
          key={index}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <TextField
            size="small"
            label={t('device-sync.folder-platform')}
            value={folder.platform_slug}
            onChange={(event) => set(index, 'platform_slug', event.target.value)}
          />
          <TextField
            size="small"
            fullWidth
            label={t('device-sync.folder-path')}
            value={folder.path}
            onChange={(event) => set(index, 'path', event.target.value)}
          />
          <TextField
            size="small"
            label={t('device-sync.folder-extension')}
            value={folder.extension}
            onChange={(event) => set(index, 'extension', event.target.value)}
          />
          <IconButton
            aria-label={t('device-sync.folder-remove')}
            onClick={() => onChange(folders.filter((_, at) => at !== index))}
          >
            <DeleteOutlineRounded />
          </IconButton>
        </Stack>
      ))}
      <Button
        size="small"
        startIcon={<AddRounded />}
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => onChange([...folders, { platform_slug: '', path: '', extension: '' }])}
      >
        {t('device-sync.folder-add')}
      </Button>
    </Stack>
  );
}
