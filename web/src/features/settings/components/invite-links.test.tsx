import { ROLES } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';

import { createTestI18n } from '@/test/i18n';

import { InviteLinks } from './invite-links';

async function renderInviteLinks(roles: typeof ROLES | readonly ['editor', 'viewer']) {
  const i18n = await createTestI18n();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <InviteLinks roles={roles} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return screen
    .getAllByRole('button')
    .filter((button) => button.dataset.testid?.startsWith('invite-create-'));
}

describe('InviteLinks', () => {
  afterEach(cleanup);

  it('offers the least privileged role first and most prominently, administrator last', async () => {
    const buttons = await renderInviteLinks(ROLES);
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Invite as Viewer',
      'Invite as Editor',
      'Invite as Administrator',
    ]);
    expect(buttons[0]?.className).toContain('MuiButton-contained');
    expect(buttons[2]?.className).toContain('MuiButton-outlined');
  });

  it('keeps that order for an editor, who cannot invite administrators', async () => {
    const buttons = await renderInviteLinks(['editor', 'viewer']);
    expect(buttons.map((button) => button.dataset.testid)).toEqual([
      'invite-create-viewer',
      'invite-create-editor',
    ]);
  });
});
