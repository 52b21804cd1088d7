import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Box from '@mui/material/Box';

/** Checkboxes for scopes; those outside `enabled` are shown but cannot be ticked. */
export function ScopePicker({
  label,
  scopes,
  enabled,
  value,
  onChange,
}: {
  label: string;
  scopes: readonly string[];
  enabled: readonly string[];
  value: readonly string[];
  onChange: (next: string[]) => void;
}) {
  const toggle = (scope: string, on: boolean) =>
    onChange(on ? [...value, scope] : value.filter((item) => item !== scope));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {label}
      </FormLabel>
      <FormGroup
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 2,
        }}
      >
        {scopes.map((scope) => (
          <FormControlLabel
            key={scope}
            disabled={!enabled.includes(scope)}
            control={
              <Checkbox
                size="small"
                checked={value.includes(scope)}
                onChange={(event) => toggle(scope, event.target.checked)}
                slotProps={{ input: { 'aria-label': scope } }}
                data-testid={`scope-${scope}`}
              />
            }
            label={
              <Box component="code" sx={{ fontSize: 13 }}>
                {scope}
              </Box>
            }
          />
        ))}
      </FormGroup>
    </Box>
  );
}
