import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { PERMISSION_ACTIONS } from '@romshelf/contract';
import { useTranslation } from 'react-i18next';

import { MATRIX_ENTITIES, grantKey } from '../permission-catalog';

/**
 * The catalogue as a grid: one row per kind of thing (with what it covers), one checkbox per
 * read, write and delete. `marked` keys are outlined (a user's own grant or denial).
 */
export function PermissionMatrix({
  value,
  onChange,
  marked,
  disabled = false,
}: {
  value: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  marked?: ReadonlySet<string>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('settings');
  const toggle = (key: string, on: boolean) => {
    const next = new Set(value);
    if (on) next.add(key);
    else next.delete(key);
    onChange(next);
  };
  return (
    <Box
      role="group"
      aria-label={t('permissions.matrix-label')}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) repeat(3, 3.5rem)',
        alignItems: 'center',
        columnGap: 0.5,
      }}
    >
      <span />
      {PERMISSION_ACTIONS.map((action) => (
        <Typography key={action} variant="caption" color="text.secondary" align="center">
          {t(`permissions.action-${action}`)}
        </Typography>
      ))}
      {MATRIX_ENTITIES.map((entity) => (
        <Box key={entity} sx={{ display: 'contents' }} data-testid={`permission-row-${entity}`}>
          <Box sx={{ minWidth: 0, py: 0.75, borderTop: 1, borderColor: 'divider' }}>
            <Typography variant="body2">{t(`permissions.entity-${entity}`)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {t(`permissions.help-${entity}`)}
            </Typography>
          </Box>
          {PERMISSION_ACTIONS.map((action) => {
            const key = grantKey(entity, action);
            const isMarked = marked?.has(key) ?? false;
            return (
              <Box
                key={action}
                sx={{
                  display: 'grid',
                  placeItems: 'center',
                  alignSelf: 'stretch',
                  borderTop: 1,
                  borderColor: 'divider',
                }}
              >
                <Checkbox
                  checked={value.has(key)}
                  disabled={disabled}
                  onChange={(event) => toggle(key, event.target.checked)}
                  color={isMarked ? 'secondary' : 'primary'}
                  sx={
                    isMarked ? { outline: 2, outlineColor: 'secondary.main', borderRadius: 1 } : {}
                  }
                  slotProps={{
                    input: {
                      'aria-label': t('permissions.cell', {
                        entity: t(`permissions.entity-${entity}`),
                        action: t(`permissions.action-${action}`),
                      }),
                      'data-testid': `permission-${key}`,
                    } as object,
                  }}
                />
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}
