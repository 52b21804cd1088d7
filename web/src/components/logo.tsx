import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/** The RomShelf mark: three cartridges on a shelf. Decorative unless a label is given. */
export function Logo({
  size = 32,
  label,
  sx,
}: {
  size?: number;
  label?: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      style={{ display: 'block', flexShrink: 0 }}
      sx={sx ?? {}}
    >
      <rect x="11" y="17" width="12" height="31" rx="2.5" fill="#8B74E8" />
      <rect x="13.5" y="21" width="7" height="9" rx="1.2" fill="#0D1117" fillOpacity="0.35" />
      <rect x="26" y="11" width="12" height="37" rx="2.5" fill="#A18FFF" />
      <rect x="28.5" y="15" width="7" height="11" rx="1.2" fill="#0D1117" fillOpacity="0.35" />
      <g transform="rotate(16 52 48)">
        <rect x="41" y="20" width="11" height="28" rx="2.5" fill="#6043C8" />
        <rect x="43.3" y="24" width="6.4" height="8" rx="1.2" fill="#0D1117" fillOpacity="0.35" />
      </g>
      <rect x="6" y="49" width="52" height="5" rx="2.5" fill="#8B74E8" />
      <rect x="10" y="54" width="4" height="5" rx="1" fill="#6043C8" />
      <rect x="50" y="54" width="4" height="5" rx="1" fill="#6043C8" />
    </Box>
  );
}
