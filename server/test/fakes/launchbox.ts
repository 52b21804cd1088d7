import yazl from 'yazl';

import type { FakeServer } from './fake-server.js';
import { startFake } from './fake-server.js';

export interface FakeLaunchboxGame {
  id: number;
  name: string;
  platform: string;
  overview?: string;
  alternateNames?: string[];
  cover?: string;
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A LaunchBox `Metadata.xml` with the dump's flat records. */
export function launchboxXml(games: readonly FakeLaunchboxGame[]): string {
  const parts = ['<?xml version="1.0" standalone="yes"?>', '<LaunchBox>'];
  for (const game of games) {
    parts.push(
      `  <Game>\n    <Name>${escape(game.name)}</Name>\n    <ReleaseDate>1994-04-18T00:00:00-07:00</ReleaseDate>\n` +
        `    <Overview>${escape(game.overview ?? `About ${game.name}`)}</Overview>\n    <MaxPlayers>2</MaxPlayers>\n` +
        `    <VideoURL>https://www.youtube.com/watch?v=Xa1b2C3d4E5</VideoURL>\n    <DatabaseID>${game.id}</DatabaseID>\n` +
        `    <CommunityRating>4.5</CommunityRating>\n    <Platform>${escape(game.platform)}</Platform>\n` +
        `    <ESRB>E - Everyone</ESRB>\n    <Genres>Action; Platform</Genres>\n    <Developer>Nintendo R&amp;D1</Developer>\n` +
        `    <Publisher>Nintendo</Publisher>\n    <Empty />\n  </Game>`,
    );
    for (const alt of game.alternateNames ?? []) {
      parts.push(
        `  <GameAlternateName><AlternateName>${escape(alt)}</AlternateName><DatabaseID>${game.id}</DatabaseID><Region>Japan</Region></GameAlternateName>`,
      );
    }
    if (game.cover !== undefined) {
      parts.push(
        `  <GameImage><DatabaseID>${game.id}</DatabaseID><FileName>${game.cover}</FileName><Type>Box - Front</Type><Region>North America</Region><CRC32>727411021</CRC32></GameImage>`,
        `  <GameImage><DatabaseID>${game.id}</DatabaseID><FileName>shot-${game.cover}</FileName><Type>Screenshot - Gameplay</Type><CRC32>1</CRC32></GameImage>`,
      );
    }
  }
  parts.push('</LaunchBox>', '');
  return parts.join('\n');
}

function zip(entries: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const archive = new yazl.ZipFile();
    for (const [name, content] of Object.entries(entries))
      archive.addBuffer(Buffer.from(content), name);
    archive.end();
    const chunks: Buffer[] = [];
    archive.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    archive.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    archive.outputStream.on('error', reject);
  });
}

/** Serves `/Metadata.zip` (Platforms.xml + Metadata.xml) and images under `/images/`. */
export async function startFakeLaunchbox(games: readonly FakeLaunchboxGame[]): Promise<FakeServer> {
  const archive = await zip({
    'Platforms.xml':
      '<?xml version="1.0"?>\n<LaunchBox><Platform><Name>Nintendo 64</Name></Platform></LaunchBox>\n',
    'Metadata.xml': launchboxXml(games),
  });
  return startFake((_request, _body, url) =>
    url.pathname === '/Metadata.zip'
      ? { headers: { 'content-type': 'application/zip' }, body: archive }
      : null,
  );
}
