import AdminPanelSettingsRounded from '@mui/icons-material/AdminPanelSettingsRounded';
import EditNoteRounded from '@mui/icons-material/EditNoteRounded';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import type { SvgIconComponent } from '@mui/icons-material';
import { ROLES } from '@romshelf/contract';
import type { Role } from '@romshelf/contract';

/** How a role looks: its icon, colour and label key (settings namespace). */
export interface RoleLook {
  /** The role's own name, or 'other' for a role this version does not know. */
  kind: Role | 'other';
  Icon: SvgIconComponent;
  color: 'error' | 'warning' | 'info' | 'default';
  labelKey: string;
}

const LOOKS: Record<Role, RoleLook> = {
  admin: {
    kind: 'admin',
    Icon: AdminPanelSettingsRounded,
    color: 'error',
    labelKey: 'profile.role-admin',
  },
  editor: {
    kind: 'editor',
    Icon: EditNoteRounded,
    color: 'warning',
    labelKey: 'profile.role-editor',
  },
  viewer: {
    kind: 'viewer',
    Icon: VisibilityRounded,
    color: 'info',
    labelKey: 'profile.role-viewer',
  },
};

const OTHER: RoleLook = {
  kind: 'other',
  Icon: PersonOutlineRounded,
  color: 'default',
  labelKey: 'profile.role-other',
};

export function isKnownRole(role: string): role is Role {
  return (ROLES as readonly string[]).includes(role);
}

/** SPEC §6: admin, editor and viewer each have their icon; any other role gets a generic one. */
export function roleLook(role: string): RoleLook {
  return isKnownRole(role) ? LOOKS[role] : OTHER;
}

/** Roles a caller may hand out: only admins create admins. */
export function assignableRoles(callerRole: string): readonly Role[] {
  return callerRole === 'admin' ? ROLES : ROLES.filter((role) => role !== 'admin');
}

/** Viewer, then editor, then admin (ROLES lists the most privileged first). */
export function leastPrivilegedFirst(roles: readonly Role[]): Role[] {
  return [...roles].sort((a, b) => ROLES.indexOf(b) - ROLES.indexOf(a));
}
