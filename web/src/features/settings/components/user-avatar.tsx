import Avatar from '@mui/material/Avatar';

/** A user's picture, or the first letter of the name on the brand colour. */
export function UserAvatar({
  username,
  src,
  size = 40,
}: {
  username: string;
  src?: string | null;
  size?: number;
}) {
  return (
    <Avatar
      src={src || undefined}
      alt={username}
      data-testid="user-avatar"
      sx={{
        width: size,
        height: size,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontSize: size * 0.42,
        fontWeight: 700,
      }}
    >
      {username.charAt(0).toUpperCase() || '?'}
    </Avatar>
  );
}
