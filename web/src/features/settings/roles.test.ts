import { describe, expect, it } from 'vitest';

import { assignableRoles, roleLook } from './roles';

describe('roleLook (SPEC §6 role icons)', () => {
  it('gives admin, editor and viewer three distinct icons', () => {
    const icons = ['admin', 'editor', 'viewer'].map((role) => roleLook(role).Icon);
    expect(new Set(icons).size).toBe(3);
    expect(roleLook('admin').kind).toBe('admin');
    expect(roleLook('editor').labelKey).toBe('profile.role-editor');
    expect(roleLook('viewer').color).toBe('info');
  });

  it('gives any other role the generic icon, distinct from the three', () => {
    const other = roleLook('moderator');
    expect(other.kind).toBe('other');
    expect(other.labelKey).toBe('profile.role-other');
    expect(['admin', 'editor', 'viewer'].map((role) => roleLook(role).Icon)).not.toContain(
      other.Icon,
    );
    expect(roleLook('').kind).toBe('other');
    expect(roleLook('ADMIN').kind).toBe('other');
  });
});

describe('assignableRoles', () => {
  it('lets admins hand out every role, others never admin', () => {
    expect(assignableRoles('admin')).toEqual(['admin', 'editor', 'viewer']);
    expect(assignableRoles('editor')).toEqual(['editor', 'viewer']);
    expect(assignableRoles('viewer')).toEqual(['editor', 'viewer']);
  });
});
