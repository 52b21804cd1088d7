import type { DetailedRom } from '@romshelf/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { gameTitle } from '@/components/game-cover';
import { PageHeader } from '@/components/page-header';
import { usePageName } from '@/lib/page-name';
import { getPlayability, isWebglAvailable } from '@/lib/playability';
import type { PlayerKind } from '@/lib/playability';
import { useConfigStore } from '@/shared/stores/config-store';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';

import { useRomQuery } from '@/shared/api/rom';
import { useFullPageLoad } from '../full-page-load';
import { NotPlayable } from './not-playable';
import { PlayerPending } from './player-pending';

export type PlatformVersions = Readonly<Record<string, string>> | undefined;

/**
 * What both player pages share: a full page load, the game and the server's settings (a spinner
 * until then, the error when the game does not load), the page header, and why the game cannot
 * be played in this player; then the player itself.
 */
export function PlayerShell({
  kind,
  icon,
  children,
}: {
  kind: PlayerKind;
  icon: ReactNode;
  children: (rom: DetailedRom, versions: PlatformVersions) => ReactNode;
}) {
  const { t } = useTranslation('play');
  const { rom: romParam = '' } = useParams();
  const ready = useFullPageLoad();
  const romQuery = useRomQuery(romParam, ready);
  const rom = romQuery.data;
  const heartbeat = useHeartbeatStore((state) => state.value);
  const versions = useConfigStore((state) => state.value?.PLATFORMS_VERSIONS);
  usePageName(rom ? gameTitle(rom) : undefined);

  if (!ready || romQuery.isPending || heartbeat === null) return <PlayerPending />;
  if (rom === undefined) return <PlayerPending error={romQuery.error} />;
  const playability = getPlayability(rom, {
    disableEmulatorJs: heartbeat.EMULATION.DISABLE_EMULATOR_JS,
    disableRuffle: heartbeat.EMULATION.DISABLE_RUFFLE_RS,
    webglAvailable: isWebglAvailable(),
    versions,
  });
  return (
    <>
      <PageHeader
        title={gameTitle(rom)}
        subtitle={t(`${kind}.subtitle`, { platform: rom.platform_display_name })}
        icon={icon}
      />
      {playability.kind !== kind || playability.reason !== null ? (
        <NotPlayable romId={romParam} reason={playability.reason ?? 'no_core'} />
      ) : (
        children(rom, versions)
      )}
    </>
  );
}
