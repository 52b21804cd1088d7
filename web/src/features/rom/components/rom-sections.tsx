import type { DetailedRom } from '@romshelf/contract';
import { useTranslation } from 'react-i18next';

import { useKioskVisitor } from '@/shared/stores/kiosk';

import { HashList } from './hash-list';
import { PersonalData } from './personal-data';
import { RomAchievements } from './rom-achievements';
import { RomCollections } from './rom-collections';
import { RomFacts } from './rom-facts';
import { RomFiles } from './rom-files';
import { RomManual } from './rom-manual';
import { RomMedia } from './rom-media';
import { RomMetadata } from './rom-metadata';
import { RomNetplay } from './rom-netplay';
import { RomNotes } from './rom-notes';
import { RomPlayTime } from './rom-play-time';
import { RomSaves } from './rom-saves';
import { RomVersions } from './rom-versions';
import { Section } from './section';

/** The cards only the game's full details fill: versions, metadata, personal data, files… */
export function RomSections({
  rom,
  onChange,
}: {
  rom: DetailedRom;
  onChange: (rom: DetailedRom) => void;
}) {
  const { t } = useTranslation('rom');
  const kiosk = useKioskVisitor();
  return (
    <>
      <RomVersions rom={rom} onChange={onChange} />
      <RomMetadata rom={rom} />
      <RomMedia rom={rom} onChange={onChange} />
      <Section title={t('personal.title')}>
        <PersonalData rom={rom} onChange={onChange} />
      </Section>
      <RomPlayTime rom={rom} />
      {kiosk.visitor ? null : <RomSaves rom={rom} />}
      <RomNetplay rom={rom} />
      <RomCollections rom={rom} onChange={onChange} />
      <Section title={t('notes.title')} testId="rom-notes-section">
        <RomNotes rom={rom} onChange={onChange} />
      </Section>
      <RomAchievements rom={rom} />
      <RomFacts rom={rom} />
      <Section title={t('details.hashes')}>
        <HashList crc={rom.crc_hash} md5={rom.md5_hash} sha1={rom.sha1_hash} ra={rom.ra_hash} />
      </Section>
      <RomFiles rom={rom} />
      <Section title={t('manual.title')}>
        <RomManual rom={rom} onChange={onChange} />
      </Section>
    </>
  );
}
