import { describe, expect, it } from 'vitest';

import {
  LANGUAGE_CODES,
  REGION_CODES,
  REGION_PROVIDER_CODES,
  isPrereleaseName,
  nameSortKey,
  parseRomFileName,
  parseRomTags,
  regionProviderCode,
  romFileExtension,
  romNameWithoutTags,
} from './rom-filename.js';
import type { ParsedRomFileName } from './rom-filename.js';

interface Case {
  name: string;
  folder?: boolean;
  /** Expected extension ('' = none). */
  ext: string;
  /** Expected name without extension; defaults to `name` minus `.${ext}`. */
  noExt?: string;
  noTags: string;
  regions?: string[];
  languages?: string[];
  revision?: string;
  version?: string;
  tags?: string[];
  prerelease?: boolean;
}

function expected(c: Case): ParsedRomFileName {
  let noExt = c.noExt;
  if (noExt === undefined) {
    if (c.ext !== '' && !c.name.endsWith(`.${c.ext}`)) throw new Error(`bad case ${c.name}`);
    noExt = c.ext === '' ? c.name : c.name.slice(0, c.name.length - c.ext.length - 1);
  }
  return {
    fs_name: c.name,
    fs_name_no_tags: c.noTags,
    fs_name_no_ext: noExt,
    fs_extension: c.ext,
    regions: c.regions ?? [],
    languages: c.languages ?? [],
    revision: c.revision ?? '',
    version: c.version ?? '',
    tags: c.tags ?? [],
    is_prerelease: c.prerelease ?? false,
  };
}

const noIntro: Case[] = [
  {
    name: 'Legend of Zelda, The - A Link to the Past (USA).sfc',
    ext: 'sfc',
    noTags: 'Legend of Zelda, The - A Link to the Past',
    regions: ['USA'],
  },
  {
    name: 'Super Mario World (USA).sfc',
    ext: 'sfc',
    noTags: 'Super Mario World',
    regions: ['USA'],
  },
  {
    name: 'Super Mario Bros. 3 (USA).nes',
    ext: 'nes',
    noTags: 'Super Mario Bros. 3',
    regions: ['USA'],
  },
  {
    name: 'Super Mario Bros. 3 (USA) (Rev 1).nes',
    ext: 'nes',
    noTags: 'Super Mario Bros. 3',
    regions: ['USA'],
    revision: '1',
  },
  { name: 'Dr. Mario (World).nes', ext: 'nes', noTags: 'Dr. Mario', regions: ['World'] },
  {
    name: 'Dr. Mario (Japan, USA) (Rev A).nes',
    ext: 'nes',
    noTags: 'Dr. Mario',
    regions: ['Japan', 'USA'],
    revision: 'A',
  },
  {
    name: 'Tetris (World) (Rev 1).gb',
    ext: 'gb',
    noTags: 'Tetris',
    regions: ['World'],
    revision: '1',
  },
  {
    name: 'Pokemon - Red Version (USA, Europe) (SGB Enhanced).gb',
    ext: 'gb',
    noTags: 'Pokemon - Red Version',
    regions: ['USA', 'Europe'],
    tags: ['SGB Enhanced'],
  },
  {
    name: 'Super Mario Land 2 - 6 Golden Coins (USA, Europe) (Rev 2).gb',
    ext: 'gb',
    noTags: 'Super Mario Land 2 - 6 Golden Coins',
    regions: ['USA', 'Europe'],
    revision: '2',
  },
  {
    name: 'Mario Kart - Super Circuit (Europe) (En,Fr,De,Es,It).gba',
    ext: 'gba',
    noTags: 'Mario Kart - Super Circuit',
    regions: ['Europe'],
    languages: ['English', 'French', 'German', 'Spanish', 'Italian'],
  },
  {
    name: 'Asterix (Europe) (En,Fr,De).sms',
    ext: 'sms',
    noTags: 'Asterix',
    regions: ['Europe'],
    languages: ['English', 'French', 'German'],
  },
  {
    name: 'Pokemon - Edicion Azul (Spain).gb',
    ext: 'gb',
    noTags: 'Pokemon - Edicion Azul',
    regions: ['Spain'],
  },
  {
    name: 'Sonic the Hedgehog (USA, Europe).md',
    ext: 'md',
    noTags: 'Sonic the Hedgehog',
    regions: ['USA', 'Europe'],
  },
  {
    name: 'Sonic the Hedgehog 2 (World) (Rev A).md',
    ext: 'md',
    noTags: 'Sonic the Hedgehog 2',
    regions: ['World'],
    revision: 'A',
  },
  {
    name: 'Streets of Rage 2 (Japan) (Beta).md',
    ext: 'md',
    noTags: 'Streets of Rage 2',
    regions: ['Japan'],
    tags: ['Beta'],
    prerelease: true,
  },
  {
    name: 'Star Fox (USA) (Proto).sfc',
    ext: 'sfc',
    noTags: 'Star Fox',
    regions: ['USA'],
    tags: ['Proto'],
    prerelease: true,
  },
  {
    name: 'Star Fox 2 (Japan) (Proto 2).sfc',
    ext: 'sfc',
    noTags: 'Star Fox 2',
    regions: ['Japan'],
    tags: ['Proto 2'],
    prerelease: true,
  },
  {
    name: 'Kirby Air Ride (USA) (Demo) (Kiosk).iso',
    ext: 'iso',
    noTags: 'Kirby Air Ride',
    regions: ['USA'],
    tags: ['Demo', 'Kiosk'],
    prerelease: true,
  },
  {
    name: 'Donkey Kong Country (USA) (Sample).sfc',
    ext: 'sfc',
    noTags: 'Donkey Kong Country',
    regions: ['USA'],
    tags: ['Sample'],
    prerelease: true,
  },
  {
    name: 'Metroid Prime (USA) (Preview).iso',
    ext: 'iso',
    noTags: 'Metroid Prime',
    regions: ['USA'],
    tags: ['Preview'],
    prerelease: true,
  },
  {
    name: 'Action 52 (USA) (Unl).nes',
    ext: 'nes',
    noTags: 'Action 52',
    // `Unl` equals the region code UNL in any case (§4.4 step 3).
    regions: ['USA', 'Unlicensed'],
  },
  {
    name: 'Super Mario Bros. (World) (Virtual Console).nes',
    ext: 'nes',
    noTags: 'Super Mario Bros.',
    regions: ['World'],
    tags: ['Virtual Console'],
  },
  {
    name: 'Zelda (USA) (Rev 1) [En,Fr] [Test].n64',
    ext: 'n64',
    noTags: 'Zelda',
    regions: ['USA'],
    languages: ['English', 'French'],
    revision: '1',
    tags: ['Test'],
  },
  {
    name: 'Legend of Zelda, The - Ocarina of Time (USA) (Rev 2).z64',
    ext: 'z64',
    noTags: 'Legend of Zelda, The - Ocarina of Time',
    regions: ['USA'],
    revision: '2',
  },
  {
    name: '007 - GoldenEye (Europe).z64',
    ext: 'z64',
    noTags: '007 - GoldenEye',
    regions: ['Europe'],
  },
  {
    name: '1942 (Japan, USA) (En).nes',
    ext: 'nes',
    noTags: '1942',
    regions: ['Japan', 'USA'],
    languages: ['English'],
  },
  {
    name: 'Mother 3 (Japan).gba',
    ext: 'gba',
    noTags: 'Mother 3',
    regions: ['Japan'],
  },
  {
    name: 'Famicom Jump II - Saikyou no 7-nin (Japan).nes',
    ext: 'nes',
    noTags: 'Famicom Jump II - Saikyou no 7-nin',
    regions: ['Japan'],
  },
  {
    name: 'Tetris DX (World) (SGB Enhanced) (GB Compatible).gbc',
    ext: 'gbc',
    noTags: 'Tetris DX',
    regions: ['World'],
    tags: ['SGB Enhanced', 'GB Compatible'],
  },
  {
    name: 'Pokemon Crystal (Korea).gbc',
    ext: 'gbc',
    noTags: 'Pokemon Crystal',
    regions: ['Korea'],
  },
  {
    name: 'Shenmue (Asia).cdi',
    ext: 'cdi',
    noTags: 'Shenmue',
    regions: ['Asia'],
  },
  {
    name: 'Street Fighter Alpha (Brazil).sms',
    ext: 'sms',
    noTags: 'Street Fighter Alpha',
    regions: ['Brazil'],
  },
  {
    name: 'Mega Man 2 (Europe) (Virtual Console).nes',
    ext: 'nes',
    noTags: 'Mega Man 2',
    regions: ['Europe'],
    tags: ['Virtual Console'],
  },
  {
    name: 'F-Zero (Japan) (NP).sfc',
    ext: 'sfc',
    noTags: 'F-Zero',
    regions: ['Japan'],
    tags: ['NP'],
  },
  {
    name: 'Aladdin (Europe) (En,Fr,De,Es,It,Nl,Sv,No,Da,Fi).gbc',
    ext: 'gbc',
    noTags: 'Aladdin',
    regions: ['Europe'],
    languages: [
      'English',
      'French',
      'German',
      'Spanish',
      'Italian',
      'Dutch',
      'Swedish',
      'Norwegian',
      'Danish',
      'Finnish',
    ],
  },
  {
    name: 'Lufia (Europe) (En,Pt,Ru,Pl,Ja,Ko,Zh,Ar,El,Sr).sfc',
    ext: 'sfc',
    noTags: 'Lufia',
    regions: ['Europe'],
    languages: [
      'English',
      'Portuguese',
      'Russian',
      'Polish',
      'Japanese',
      'Korean',
      'Chinese',
      'Arabic',
      'Greek',
      'Serbian',
    ],
  },
  {
    name: 'Test Cartridge (World) (nolang).bin',
    ext: 'bin',
    noTags: 'Test Cartridge',
    regions: ['World'],
    languages: ['No Language'],
  },
  {
    name: 'Battletoads (Europe) (Alt 1).nes',
    ext: 'nes',
    noTags: 'Battletoads',
    regions: ['Europe'],
    tags: ['Alt 1'],
  },
  {
    name: 'Contra (USA) (Aftermarket) (Unl).nes',
    ext: 'nes',
    noTags: 'Contra',
    regions: ['USA', 'Unlicensed'],
    tags: ['Aftermarket'],
  },
  {
    name: 'Super Mario 64 (Japan) (Rev 3) (Shindou Edition).z64',
    ext: 'z64',
    noTags: 'Super Mario 64',
    regions: ['Japan'],
    revision: '3',
    tags: ['Shindou Edition'],
  },
  {
    name: 'Sonic Blast (Brazil) (En) (Tech Demo).gg',
    ext: 'gg',
    noTags: 'Sonic Blast',
    regions: ['Brazil'],
    languages: ['English'],
    tags: ['Tech Demo'],
    // Only `(demo` at the start of a group counts.
    prerelease: false,
  },
  {
    name: 'Chrono Trigger (Japan) (Demonstration).sfc',
    ext: 'sfc',
    noTags: 'Chrono Trigger',
    regions: ['Japan'],
    tags: ['Demonstration'],
    prerelease: true,
  },
  {
    name: 'Secret of Mana (Germany).sfc',
    ext: 'sfc',
    noTags: 'Secret of Mana',
    regions: ['Germany'],
  },
  {
    name: 'Wario Land (France, Italy).gb',
    ext: 'gb',
    noTags: 'Wario Land',
    regions: ['France', 'Italy'],
  },
  {
    name: 'Pang (Netherlands) (Sweden).gb',
    ext: 'gb',
    noTags: 'Pang',
    regions: ['Netherlands', 'Sweden'],
  },
  {
    name: 'Tetris (Australia) (Canada) (China) (Taiwan) (Hong Kong) (Russia) (Greece) (Finland) (Norway).gb',
    ext: 'gb',
    noTags: 'Tetris',
    regions: [
      'Australia',
      'Canada',
      'China',
      'Taiwan',
      'Hong Kong',
      'Russia',
      'Greece',
      'Finland',
      'Norway',
    ],
  },
  {
    name: 'Lemmings (Scandinavia).sms',
    ext: 'sms',
    noTags: 'Lemmings',
    // One of No-Intro's regions beyond RomM's table.
    regions: ['Scandinavia'],
  },
  {
    name: 'Fortune Street (Unknown) (Holland).nds',
    ext: 'nds',
    noTags: 'Fortune Street',
    regions: ['Unknown', 'Holland'],
  },
];

const redump: Case[] = [
  {
    name: 'Final Fantasy VII (USA) (Disc 1).chd',
    ext: 'chd',
    noTags: 'Final Fantasy VII',
    regions: ['USA'],
    tags: ['Disc 1'],
  },
  {
    name: 'Final Fantasy VII (USA) (Disc 1).cue',
    ext: 'cue',
    noTags: 'Final Fantasy VII',
    regions: ['USA'],
    tags: ['Disc 1'],
  },
  {
    name: 'Final Fantasy VII (USA) (Disc 1) (Track 1).bin',
    ext: 'bin',
    noTags: 'Final Fantasy VII',
    regions: ['USA'],
    tags: ['Disc 1', 'Track 1'],
  },
  {
    name: 'Castlevania - Symphony of the Night (USA) (Track 02).bin',
    ext: 'bin',
    noTags: 'Castlevania - Symphony of the Night',
    regions: ['USA'],
    tags: ['Track 02'],
  },
  {
    name: 'Metal Gear Solid (Europe) (En,Fr,De,Es,It) (Disc 2) (Rev 1).chd',
    ext: 'chd',
    noTags: 'Metal Gear Solid',
    regions: ['Europe'],
    languages: ['English', 'French', 'German', 'Spanish', 'Italian'],
    revision: '1',
    tags: ['Disc 2'],
  },
  {
    name: 'Gran Turismo 2 (USA) (Arcade Mode) (Rev 1).cue',
    ext: 'cue',
    noTags: 'Gran Turismo 2',
    regions: ['USA'],
    revision: '1',
    tags: ['Arcade Mode'],
  },
  {
    name: 'Resident Evil 2 (USA) (Disc 2).m3u',
    ext: 'm3u',
    noTags: 'Resident Evil 2',
    regions: ['USA'],
    tags: ['Disc 2'],
  },
  {
    name: 'Shenmue II (Europe) (Disc 4).gdi',
    ext: 'gdi',
    noTags: 'Shenmue II',
    regions: ['Europe'],
    tags: ['Disc 4'],
  },
  {
    name: 'Metroid Prime (USA) (Rev 2).rvz',
    ext: 'rvz',
    noTags: 'Metroid Prime',
    regions: ['USA'],
    revision: '2',
  },
  {
    name: 'God of War (USA) (v2.01).iso',
    ext: 'iso',
    noTags: 'God of War',
    regions: ['USA'],
    version: '2.01',
  },
  {
    name: 'Silent Hill 2 (Japan) (Beta) (2001-05-17).iso',
    ext: 'iso',
    noTags: 'Silent Hill 2',
    regions: ['Japan'],
    tags: ['Beta', '2001-05-17'],
    prerelease: true,
  },
  {
    name: 'Tekken 3 (Japan) (Rev 1) (PlayStation the Best).chd',
    ext: 'chd',
    noTags: 'Tekken 3',
    regions: ['Japan'],
    revision: '1',
    tags: ['PlayStation the Best'],
  },
  {
    name: 'Crazy Taxi (USA) (Demo).cdi',
    ext: 'cdi',
    noTags: 'Crazy Taxi',
    regions: ['USA'],
    tags: ['Demo'],
    prerelease: true,
  },
  {
    name: 'Final Fantasy VII (USA)',
    folder: true,
    ext: '',
    noTags: 'Final Fantasy VII',
    regions: ['USA'],
  },
  {
    name: 'Metal Gear Solid (Europe) (En,Fr)',
    folder: true,
    ext: '',
    noTags: 'Metal Gear Solid',
    regions: ['Europe'],
    languages: ['English', 'French'],
  },
  {
    name: 'Dr. Mario 64 v1.1 (USA)',
    folder: true,
    ext: '',
    noTags: 'Dr. Mario 64 v1.1',
    regions: ['USA'],
  },
  {
    name: 'Half-Life.v1.1.zip',
    folder: true,
    // A folder never has an extension, even when its name looks like a file name.
    ext: '',
    noTags: 'Half-Life.v1.1.zip',
  },
];

const tosec: Case[] = [
  {
    name: 'Game (1989)(Publisher)(PAL)[cr][t +2].d64',
    ext: 'd64',
    noTags: 'Game',
    tags: ['1989', 'Publisher', 'PAL', 'cr', 't +2'],
  },
  {
    name: 'Turrican (1990)(Rainbow Arts)(PAL)[cr TRSI][t +5].d64',
    ext: 'd64',
    noTags: 'Turrican',
    tags: ['1990', 'Rainbow Arts', 'PAL', 'cr TRSI', 't +5'],
  },
  {
    name: 'Elite (1984)(Acornsoft)[a2].ssd',
    ext: 'ssd',
    noTags: 'Elite',
    tags: ['1984', 'Acornsoft', 'a2'],
  },
  {
    name: 'Elite (1985)(Acornsoft)[a].ssd',
    ext: 'ssd',
    noTags: 'Elite',
    // `a` is the region code A in any case (§4.4 step 3).
    regions: ['Australia'],
    tags: ['1985', 'Acornsoft'],
  },
  {
    name: 'Manic Miner (1983)(Bug-Byte)[h].tzx',
    ext: 'tzx',
    noTags: 'Manic Miner',
    regions: ['Holland'],
    tags: ['1983', 'Bug-Byte'],
  },
  {
    name: 'Jet Set Willy (1984)(Software Projects)[h Fairlight].tap',
    ext: 'tap',
    noTags: 'Jet Set Willy',
    tags: ['1984', 'Software Projects', 'h Fairlight'],
  },
  {
    name: 'Lemmings (1991)(Psygnosis)(Disk 1 of 2)[cr Skid Row].adf',
    ext: 'adf',
    noTags: 'Lemmings',
    tags: ['1991', 'Psygnosis', 'Disk 1 of 2', 'cr Skid Row'],
  },
  {
    name: 'Cannon Fodder (1993)(Virgin)(de)[!].adf',
    ext: 'adf',
    noTags: 'Cannon Fodder',
    languages: ['German'],
    tags: ['1993', 'Virgin', '!'],
  },
  {
    name: 'Zool (1992)(Gremlin)(en-fr)(Side A).adf',
    ext: 'adf',
    noTags: 'Zool',
    tags: ['1992', 'Gremlin', 'en-fr', 'Side A'],
  },
  {
    name: 'Speedball 2 (1990)(Image Works)(US)[tr de].st',
    ext: 'st',
    noTags: 'Speedball 2',
    tags: ['1990', 'Image Works', 'US', 'tr de'],
  },
  {
    name: 'Dungeon Master v1.2 (1987)(FTL)(GB)[m].st',
    ext: 'st',
    noTags: 'Dungeon Master v1.2',
    tags: ['1987', 'FTL', 'GB', 'm'],
  },
  {
    name: 'Prince of Persia (19xx)(Broderbund)(demo)[o].dsk',
    ext: 'dsk',
    noTags: 'Prince of Persia',
    tags: ['19xx', 'Broderbund', 'demo', 'o'],
    prerelease: true,
  },
  {
    name: 'Ghosts n Goblins (1986)(Elite)(NTSC)[f][b].prg',
    ext: 'prg',
    noTags: 'Ghosts n Goblins',
    regions: ['France', 'Brazil'],
    tags: ['1986', 'Elite', 'NTSC'],
  },
  {
    name: 'Sim City (1989)(Maxis)(M3)(fr)(it)(es)[docs].dsk',
    ext: 'dsk',
    noTags: 'Sim City',
    languages: ['French', 'Italian', 'Spanish'],
    tags: ['1989', 'Maxis', 'M3', 'docs'],
  },
  {
    name: 'Impossible Mission (1984)(Epyx)[t][p].d64',
    ext: 'd64',
    noTags: 'Impossible Mission',
    regions: ['Taiwan'],
    tags: ['1984', 'Epyx', 'p'],
  },
  {
    name: 'Paperboy (1986)(Elite)(ru)(pl)[u].tap',
    ext: 'tap',
    noTags: 'Paperboy',
    regions: ['USA'],
    languages: ['Russian', 'Polish'],
    tags: ['1986', 'Elite'],
  },
  {
    name: 'Xenon 2 (1989)(Bitmap Brothers)(demo-playable).adf',
    ext: 'adf',
    noTags: 'Xenon 2',
    tags: ['1989', 'Bitmap Brothers', 'demo-playable'],
    prerelease: true,
  },
];

const goodTools: Case[] = [
  {
    name: 'Super Mario Bros. 3 (U) [!].nes',
    ext: 'nes',
    noTags: 'Super Mario Bros. 3',
    regions: ['USA'],
    tags: ['!'],
  },
  {
    name: 'Sonic the Hedgehog (E) [b1].md',
    ext: 'md',
    noTags: 'Sonic the Hedgehog',
    regions: ['Europe'],
    tags: ['b1'],
  },
  {
    name: 'Final Fantasy V (J) [T+Eng1.1_RPGe].sfc',
    ext: 'sfc',
    noTags: 'Final Fantasy V',
    regions: ['Japan'],
    tags: ['T+Eng1.1_RPGe'],
  },
  {
    name: 'Street Fighter II (JUE) [!].sfc',
    ext: 'sfc',
    noTags: 'Street Fighter II',
    // `JUE` is not a code of the tables: an ordinary tag.
    tags: ['JUE', '!'],
  },
  {
    name: 'Contra (UE) (V1.1) [o1].nes',
    ext: 'nes',
    noTags: 'Contra',
    version: '1.1',
    tags: ['UE', 'o1'],
  },
  {
    name: 'Mega Man (W) [h1C].nes',
    ext: 'nes',
    noTags: 'Mega Man',
    regions: ['World'],
    tags: ['h1C'],
  },
  {
    name: 'Tetris (F) [f1].gb',
    ext: 'gb',
    noTags: 'Tetris',
    regions: ['France'],
    tags: ['f1'],
  },
  {
    name: 'Zelda II (G) [p1].nes',
    ext: 'nes',
    noTags: 'Zelda II',
    regions: ['Germany'],
    tags: ['p1'],
  },
  {
    name: 'Kirby (K) [a1].gb',
    ext: 'gb',
    noTags: 'Kirby',
    regions: ['Korea'],
    tags: ['a1'],
  },
  {
    name: 'Duck Tales (S) (I) (C) (B) (A).nes',
    ext: 'nes',
    noTags: 'Duck Tales',
    regions: ['Spain', 'Italy', 'Canada', 'Brazil', 'Australia'],
  },
  {
    name: 'Magic Jewelry (Ch) [!].nes',
    ext: 'nes',
    noTags: 'Magic Jewelry',
    regions: ['China'],
    tags: ['!'],
  },
  { name: 'Tetris Clone (PD).gb', ext: 'gb', noTags: 'Tetris Clone', regions: ['Public Domain'] },
  {
    name: 'Super Mario Bros (Hack) (U) [!p].nes',
    ext: 'nes',
    noTags: 'Super Mario Bros',
    regions: ['USA'],
    tags: ['Hack', '!p'],
  },
  {
    name: 'Metroid (UK) (Unk).nes',
    ext: 'nes',
    noTags: 'Metroid',
    regions: ['England', 'Unknown'],
  },
  {
    name: 'Pac-Man (4) (1) (M5).nes',
    ext: 'nes',
    noTags: 'Pac-Man',
    tags: ['4', '1', 'M5'],
  },
  {
    name: 'Super Mario Bros (JU) (PRG0) [!].nes',
    ext: 'nes',
    noTags: 'Super Mario Bros',
    tags: ['JU', 'PRG0', '!'],
  },
  {
    name: 'Sonic 3D Blast (U) (REV01).bin',
    ext: 'bin',
    noTags: 'Sonic 3D Blast',
    regions: ['USA'],
    // `rev` needs a space, `|` or `-` after it.
    tags: ['REV01'],
  },
  {
    name: 'Taiwan Mahjong (As) (Sachen).nes',
    ext: 'nes',
    noTags: 'Taiwan Mahjong',
    regions: ['Asia'],
    tags: ['Sachen'],
  },
  {
    name: 'Bomberman (NL) (Nl).gb',
    ext: 'gb',
    noTags: 'Bomberman',
    regions: ['Netherlands'],
    languages: ['Dutch'],
  },
  {
    name: 'Moomin (NO) (No) (nl) (no).gb',
    ext: 'gb',
    noTags: 'Moomin',
    // Exact codes first (NO region, No language), then any case: regions before languages.
    regions: ['Norway', 'Netherlands'],
    languages: ['Norwegian'],
  },
  {
    name: 'Pinball (Sw) (Sv) (FN) (GR) (HK).gb',
    ext: 'gb',
    noTags: 'Pinball',
    regions: ['Sweden', 'Finland', 'Greece', 'Hong Kong'],
    languages: ['Swedish'],
  },
  {
    name: 'Wolfenstein (EN) (english) (FRENCH) (JAPAN).gba',
    ext: 'gba',
    noTags: 'Wolfenstein',
    regions: ['Japan'],
    languages: ['English', 'French'],
  },
];

const mame: Case[] = [
  { name: 'sf2.zip', ext: 'zip', noTags: 'sf2' },
  { name: 'pacman.zip', ext: 'zip', noTags: 'pacman' },
  { name: 'mslug.7z', ext: '7z', noTags: 'mslug' },
  { name: 'kof98.zip', ext: 'zip', noTags: 'kof98' },
  { name: 'dkong.chd', ext: 'chd', noTags: 'dkong' },
  { name: 'sfiii3nr1.zip', ext: 'zip', noTags: 'sfiii3nr1' },
];

const versions: Case[] = [
  { name: 'Game (v1.1).zip', ext: 'zip', noTags: 'Game', version: '1.1' },
  { name: 'Game (Ver 1.0).zip', ext: 'zip', noTags: 'Game', version: '1.0' },
  { name: 'Game (v2).gba', ext: 'gba', noTags: 'Game', version: '2' },
  { name: 'Game (Version 1.02).iso', ext: 'iso', noTags: 'Game', version: '1.02' },
  { name: 'Game (V1.0) (USA).nes', ext: 'nes', noTags: 'Game', regions: ['USA'], version: '1.0' },
  { name: 'Game (v.1.3).nes', ext: 'nes', noTags: 'Game', version: '1.3' },
  { name: 'Game (ver-2b).nes', ext: 'nes', noTags: 'Game', version: '2b' },
  { name: 'Game (Ver.B).nes', ext: 'nes', noTags: 'Game', version: 'B' },
  { name: 'Game (v1.0) (v1.1).nes', ext: 'nes', noTags: 'Game', version: '1.1' },
  { name: 'Game (Version).nes', ext: 'nes', noTags: 'Game', tags: ['Version'] },
  { name: 'Game (Vs. Arcade).nes', ext: 'nes', noTags: 'Game', tags: ['Vs. Arcade'] },
  {
    name: 'Mario Kart 8 Deluxe [0100152000022000][v0].nsp',
    ext: 'nsp',
    noTags: 'Mario Kart 8 Deluxe',
    version: '0',
    tags: ['0100152000022000'],
  },
  {
    name: 'Zelda BOTW [01007EF00011E000][US][v196608].xci',
    ext: 'xci',
    noTags: 'Zelda BOTW',
    version: '196608',
    tags: ['01007EF00011E000', 'US'],
  },
  { name: 'Game (Rev-B).nes', ext: 'nes', noTags: 'Game', revision: 'B' },
  { name: 'Game (rev 3).nes', ext: 'nes', noTags: 'Game', revision: '3' },
  { name: 'Game (Rev|4).nes', ext: 'nes', noTags: 'Game', revision: '4' },
  { name: 'Game (Rev 1) (Rev 2).nes', ext: 'nes', noTags: 'Game', revision: '2' },
  { name: 'Game (reg-JPN).nes', ext: 'nes', noTags: 'Game', regions: ['JPN'] },
  { name: 'Game (Reg EUR) (USA).nes', ext: 'nes', noTags: 'Game', regions: ['EUR', 'USA'] },
  { name: 'Game (Revision 2).nes', ext: 'nes', noTags: 'Game', tags: ['Revision 2'] },
];

const extensions: Case[] = [
  { name: 'Game v1.2.zip', ext: 'zip', noTags: 'Game v1.2' },
  { name: 'Game.v1.2.zip', ext: 'zip', noTags: 'Game.v1.2' },
  { name: 'roms.tar.gz', ext: 'tar.gz', noTags: 'roms' },
  { name: 'Doom (1993).tar.bz2', ext: 'tar.bz2', noTags: 'Doom', tags: ['1993'] },
  {
    name: 'Super Mario Bros. (World).nes.zip',
    ext: 'nes.zip',
    noTags: 'Super Mario Bros.',
    regions: ['World'],
  },
  { name: 'celeste.p8.png', ext: 'png', noTags: 'celeste.p8' },
  { name: 'celeste.p8', ext: 'p8', noTags: 'celeste' },
  {
    name: 'the.legend.of.zelda.zip',
    // Leftmost match of `\.(([a-z]+\.)*\w+)$`: lower-case dotted words join the extension.
    ext: 'legend.of.zelda.zip',
    noTags: 'the',
  },
  { name: 'Super.Mario.Land.gb', ext: 'gb', noTags: 'Super.Mario.Land' },
  { name: 'Game (USA).ZIP', ext: 'ZIP', noTags: 'Game', regions: ['USA'] },
  { name: 'Game.Tar.GZ', ext: 'GZ', noTags: 'Game.Tar' },
  { name: 'README', ext: '', noTags: 'README' },
  { name: 'Game (USA)', ext: '', noTags: 'Game', regions: ['USA'] },
  { name: 'Game.', ext: '', noTags: 'Game.' },
  { name: '.hidden', ext: 'hidden', noTags: '' },
  { name: 'Game (v1.1)', ext: '', noTags: 'Game', version: '1.1' },
  { name: 'game_disk_1.img', ext: 'img', noTags: 'game_disk_1' },
  { name: 'Doom.WAD', ext: 'WAD', noTags: 'Doom' },
  { name: 'Dune II.exe', ext: 'exe', noTags: 'Dune II' },
];

const oddNames: Case[] = [
  {
    name: 'ポケットモンスター 赤 (Japan).gb',
    ext: 'gb',
    noTags: 'ポケットモンスター 赤',
    regions: ['Japan'],
  },
  {
    name: 'Pokémon - Version Or (France) (SGB Enhanced).gbc',
    ext: 'gbc',
    noTags: 'Pokémon - Version Or',
    regions: ['France'],
    tags: ['SGB Enhanced'],
  },
  { name: 'ゲーム.ロム', ext: 'ロム', noTags: 'ゲーム' },
  { name: 'Ōkami (USA).iso', ext: 'iso', noTags: 'Ōkami', regions: ['USA'] },
  { name: ' Tetris (World).gb', ext: 'gb', noTags: ' Tetris', regions: ['World'] },
  {
    name: 'Tetris (World).gb ',
    // A trailing space means no extension and no trailing tag group.
    ext: '',
    noTags: 'Tetris (World).gb ',
    regions: ['World'],
  },
  { name: 'Tetris (World) .gb', ext: 'gb', noTags: 'Tetris', regions: ['World'] },
  {
    name: 'Tetris  (World)  (En).gb',
    ext: 'gb',
    noTags: 'Tetris',
    regions: ['World'],
    languages: ['English'],
  },
  { name: 'Game () [].zip', ext: 'zip', noTags: 'Game' },
  {
    name: 'Game (USA, ) (,En).zip',
    ext: 'zip',
    noTags: 'Game',
    regions: ['USA'],
    languages: ['English'],
  },
  { name: 'Game ( USA , Europe ).zip', ext: 'zip', noTags: 'Game', regions: ['USA', 'Europe'] },
  { name: 'Game (USA) (USA) [U].zip', ext: 'zip', noTags: 'Game', regions: ['USA'] },
  {
    name: 'Game (USA) - Special Edition (Beta).zip',
    ext: 'zip',
    noTags: 'Game (USA) - Special Edition',
    regions: ['USA'],
    tags: ['Beta'],
    prerelease: true,
  },
  { name: 'Game [Beta].zip', ext: 'zip', noTags: 'Game', tags: ['Beta'], prerelease: false },
  { name: '(USA).zip', ext: 'zip', noTags: '', regions: ['USA'] },
  { name: 'Game (USA.zip', ext: 'zip', noTags: 'Game (USA' },
  {
    name: 'Sonic & Knuckles + Sonic 3 (World).md',
    ext: 'md',
    noTags: 'Sonic & Knuckles + Sonic 3',
    regions: ['World'],
  },
  {
    name: "Street Fighter II' - Champion Edition (USA).md",
    ext: 'md',
    noTags: "Street Fighter II' - Champion Edition",
    regions: ['USA'],
  },
  { name: 'Mr. Do! (USA).nes', ext: 'nes', noTags: 'Mr. Do!', regions: ['USA'] },
  {
    name: 'WWF WrestleMania - The Arcade Game (USA) (Rev 1)',
    folder: true,
    ext: '',
    noTags: 'WWF WrestleMania - The Arcade Game',
    regions: ['USA'],
    revision: '1',
  },
];

const groups = { noIntro, redump, tosec, goodTools, mame, versions, extensions, oddNames };
const allCases = Object.values(groups).flat();

describe('parseRomFileName', () => {
  it('covers at least 100 names', () => {
    expect(allCases.length).toBeGreaterThanOrEqual(100);
    expect(new Set(allCases.map((c) => `${c.name}|${String(c.folder)}`)).size).toBe(
      allCases.length,
    );
  });

  for (const [group, cases] of Object.entries(groups)) {
    describe(group, () => {
      it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
        expect(parseRomFileName(c.name, { isFolder: c.folder === true })).toEqual(expected(c));
      });
    });
  }

  it('treats a file and a folder of the same name differently', () => {
    expect(parseRomFileName('Doom v1.9.zip').fs_extension).toBe('zip');
    expect(parseRomFileName('Doom v1.9.zip', { isFolder: true })).toMatchObject({
      fs_extension: '',
      fs_name_no_ext: 'Doom v1.9.zip',
    });
  });
});

describe('helpers', () => {
  it('romFileExtension and romNameWithoutTags', () => {
    expect(romFileExtension('a.b.tar.xz')).toBe('b.tar.xz');
    expect(romFileExtension('Game (USA)')).toBe('');
    expect(romNameWithoutTags('Game (USA) [!] ')).toBe('Game');
    expect(romNameWithoutTags('Game (USA) Deluxe')).toBe('Game (USA) Deluxe');
  });

  it('parseRomTags looks at groups anywhere in the name', () => {
    expect(parseRomTags('Game (USA) - Part (2) [b]')).toEqual({
      regions: ['USA', 'Brazil'],
      languages: [],
      revision: '',
      version: '',
      tags: ['2'],
    });
  });

  it('isPrereleaseName', () => {
    expect(isPrereleaseName('Game (BETA 3)')).toBe(true);
    expect(isPrereleaseName('Game (Prototype)')).toBe(true);
    expect(isPrereleaseName('Game (Kiosk Demo)')).toBe(true);
    expect(isPrereleaseName('Game [Proto]')).toBe(false);
    expect(isPrereleaseName('Demo Game (USA)')).toBe(false);
  });
});

describe('code tables', () => {
  it('holds the region and language codes of the reference', () => {
    expect(Object.keys(REGION_CODES)).toHaveLength(27);
    expect(REGION_CODES.UK).toBe('England');
    expect(REGION_CODES.UNL).toBe('Unlicensed');
    expect(Object.keys(LANGUAGE_CODES)).toHaveLength(20);
    expect(LANGUAGE_CODES.Sr).toBe('Serbian');
    expect(LANGUAGE_CODES.nolang).toBe('No Language');
  });

  it('maps regions to provider codes', () => {
    expect(regionProviderCode('USA')).toBe('us');
    expect(regionProviderCode('World')).toBe('wor');
    expect(regionProviderCode('England')).toBe('uk');
    expect(regionProviderCode('Asia')).toBe('asi');
    expect(regionProviderCode('Holland')).toBe('nl');
    expect(regionProviderCode('Netherlands')).toBe('nl');
    expect(regionProviderCode('Spain')).toBe('sp');
    expect(regionProviderCode('Sweden')).toBe('se');
    expect(regionProviderCode('Unlicensed')).toBeUndefined();
    expect(regionProviderCode('constructor')).toBeUndefined();
    expect(Object.keys(REGION_PROVIDER_CODES)).toHaveLength(24);
  });
});

describe('nameSortKey', () => {
  it.each([
    ['The Legend of Zelda', 'legend of zelda'],
    ['A Boy and His Blob', 'boy and his blob'],
    ['An American Tail', 'american tail'],
    ['Le Mans 24', 'mans 000000000024'],
    ['La Abadía del Crimen', 'abadía del crimen'],
    ['Les Misérables', 'misérables'],
    ['El Dorado', 'dorado'],
    ['Los Justicieros', 'justicieros'],
    ['Las Vegas Dream', 'vegas dream'],
    ['Il Padrino', 'padrino'],
    ['Lo Zio', 'zio'],
    ['Gli Eroi', 'eroi'],
    ['Der Clou!', 'clou!'],
    ['Die Siedler', 'siedler'],
    ['Das Boot', 'boot'],
    ['Het Spel', 'spel'],
    ['THE KING OF FIGHTERS 98', 'king of fighters 000000000098'],
    ['Theme Park', 'theme park'],
    ['The', 'the'],
    ['Final Fantasy 7', 'final fantasy 000000000007'],
    ['Final Fantasy 10', 'final fantasy 000000000010'],
    ['1942', '000000001942'],
    ['Tetris 1234567890123', 'tetris 1234567890123'],
    ['  Zelda  ', 'zelda'],
    ['Legend of Zelda, The', 'legend of zelda, the'],
    ['', ''],
  ])('%s → %s', (name, key) => {
    expect(nameSortKey(name)).toBe(key);
  });

  it('orders numbered titles naturally', () => {
    const names = ['Game 10', 'Game 2', 'The Game 1'];
    expect([...names].sort((a, b) => (nameSortKey(a) < nameSortKey(b) ? -1 : 1))).toEqual([
      'The Game 1',
      'Game 2',
      'Game 10',
    ]);
  });

  it('is at most 500 characters', () => {
    expect(nameSortKey('x'.repeat(600))).toHaveLength(500);
    expect(Array.from(nameSortKey('😀'.repeat(600)))).toHaveLength(500);
  });
});
