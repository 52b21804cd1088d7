/**
 * Matching a library's files against one DAT, without I/O: which DAT entry a file (or each
 * member of a zip) is, and what that makes of the file and of its game.
 */

export type FileVerdict = 'verified' | 'renamed' | 'unknown';
export type GameStatus = FileVerdict | 'incomplete';

/** One ROM entry of a DAT (a file, or a track of a disc); hashes lowercase hex. */
export interface DatEntry {
  id: number;
  gameId: number;
  name: string;
  size: number;
  crc32: string | null;
  md5: string | null;
  sha1: string | null;
  /** The DAT's dump status: `nodump` entries are never required. */
  status: string | null;
}

export interface DatGame {
  id: number;
  name: string;
}

/** A member of a zip as its central directory lists it (no md5/sha1 without unpacking). */
export interface ZipMember {
  name: string;
  size: number;
  crc: string | null;
}

export interface LibraryFile {
  id: number;
  fileName: string;
  size: number;
  crc: string | null;
  md5: string | null;
  sha1: string | null;
  /** The members of a zip (matched instead of the zip's own bytes), null for other files. */
  members: readonly ZipMember[] | null;
}

export interface LibraryRom {
  id: number;
  /** The file or folder name of the game in its platform folder. */
  fsName: string;
  isFolder: boolean;
  /** The game's own files (extras such as patches or manuals left out). */
  files: readonly LibraryFile[];
}

export interface FileMatch {
  fileId: number;
  datRomId: number | null;
  verdict: FileVerdict;
}

export interface GameVerdict {
  romId: number;
  datGameId: number | null;
  status: GameStatus;
  files: FileMatch[];
}

const lower = (hash: string | null) => (hash === null || hash === '' ? null : hash.toLowerCase());
/** DAT names may carry a folder ("Disc 1\track.bin"); files are compared by their own name. */
const baseName = (name: string) =>
  name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);

function push<K>(map: Map<K, DatEntry[]>, key: K, entry: DatEntry): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [entry]);
  else list.push(entry);
}

const isZip = (file: LibraryFile) => file.members !== null && file.members.length > 0;

/**
 * The name a matched file has in the set: a zip is named after its game (its members keep
 * their names), any other file after its entry.
 */
export function datFileName(zipped: boolean, entryName: string, gameName: string): string {
  return zipped ? `${gameName}.zip` : baseName(entryName);
}

/** A unit to match: a plain file, or one member of a zip. */
interface Unit {
  file: LibraryFile;
  name: string;
  size: number;
  crc: string | null;
  md5: string | null;
  sha1: string | null;
}

function unitsOf(file: LibraryFile): Unit[] {
  if (file.members !== null && isZip(file)) {
    return file.members.map((member) => ({
      file,
      name: baseName(member.name),
      size: member.size,
      crc: lower(member.crc),
      md5: null,
      sha1: null,
    }));
  }
  return [
    {
      file,
      name: file.fileName,
      size: file.size,
      crc: lower(file.crc),
      md5: lower(file.md5),
      sha1: lower(file.sha1),
    },
  ];
}

/** Size equal, and every hash both sides have equal (at least one). */
function agrees(unit: Unit, entry: DatEntry): boolean {
  if (unit.size !== entry.size) return false;
  let compared = false;
  for (const [mine, theirs] of [
    [unit.sha1, entry.sha1],
    [unit.md5, entry.md5],
    [unit.crc, entry.crc32],
  ] as const) {
    if (mine === null || theirs === null) continue;
    if (mine !== theirs) return false;
    compared = true;
  }
  return compared;
}

/**
 * One DAT's entries, looked up by sha1, md5 and crc32 + size, and each game's required
 * entries (all but `nodump`). Built once per DAT and verification run.
 */
export class DatIndex {
  private readonly bySha1 = new Map<string, DatEntry[]>();
  private readonly byMd5 = new Map<string, DatEntry[]>();
  private readonly byCrcSize = new Map<string, DatEntry[]>();
  private readonly required = new Map<number, number>();
  private readonly games = new Map<number, DatGame>();

  constructor(games: Iterable<DatGame>, entries: Iterable<DatEntry> = []) {
    for (const game of games) this.games.set(game.id, game);
    this.add(entries);
  }

  /** Adds entries (a DAT is read in pages, so that no step holds the event loop long). */
  add(entries: Iterable<DatEntry>): void {
    for (const entry of entries) {
      const sha1 = lower(entry.sha1);
      const md5 = lower(entry.md5);
      const crc = lower(entry.crc32);
      const normalised = { ...entry, sha1, md5, crc32: crc };
      if (sha1 !== null) push(this.bySha1, sha1, normalised);
      if (md5 !== null) push(this.byMd5, md5, normalised);
      if (crc !== null) push(this.byCrcSize, `${crc}:${String(entry.size)}`, normalised);
      if (entry.status !== 'nodump') {
        this.required.set(entry.gameId, (this.required.get(entry.gameId) ?? 0) + 1);
      }
    }
  }

  /** The entries a unit may be: found by any of its hashes, agreeing on every shared one. */
  private candidates(unit: Unit): DatEntry[] {
    const found = new Map<number, DatEntry>();
    const lists = [
      unit.sha1 === null ? undefined : this.bySha1.get(unit.sha1),
      unit.md5 === null ? undefined : this.byMd5.get(unit.md5),
      unit.crc === null ? undefined : this.byCrcSize.get(`${unit.crc}:${String(unit.size)}`),
    ];
    for (const list of lists) {
      for (const entry of list ?? []) {
        if (!found.has(entry.id) && agrees(unit, entry)) found.set(entry.id, entry);
      }
    }
    return [...found.values()];
  }

  /**
   * A game's verdict: the DAT game most of its files are (ties: the one named like the game,
   * then the first), each file verified or renamed against its entry in that game (a zip: its
   * members, and its own name against the game's), unknown when it or a member matches none;
   * the game incomplete when an entry of its DAT game has no file.
   */
  verify(rom: LibraryRom): GameVerdict {
    const units = rom.files.flatMap(unitsOf);
    const matched = units.map((unit) => ({ unit, candidates: this.candidates(unit) }));
    const game = this.bestGame(rom, matched);
    const entryOf = new Map<Unit, DatEntry>();
    const covered = new Set<number>();
    for (const { unit, candidates } of matched) {
      const inGame = game === null ? [] : candidates.filter((entry) => entry.gameId === game.id);
      const pool = inGame.length > 0 ? inGame : candidates;
      const entry = pool.find((candidate) => baseName(candidate.name) === unit.name) ?? pool[0];
      if (entry === undefined) continue;
      entryOf.set(unit, entry);
      if (game !== null && entry.gameId === game.id) covered.add(entry.id);
    }
    const files = rom.files.map((file) => this.fileMatch(file, units, entryOf));
    if (game === null) return { romId: rom.id, datGameId: null, status: 'unknown', files };
    if (covered.size < (this.required.get(game.id) ?? 0)) {
      return { romId: rom.id, datGameId: game.id, status: 'incomplete', files };
    }
    const ownFiles = files.filter((match) =>
      units.some((unit) => unit.file.id === match.fileId && entryOf.get(unit)?.gameId === game.id),
    );
    const folderRenamed = rom.isFolder && rom.fsName !== game.name;
    const renamed = folderRenamed || ownFiles.some((match) => match.verdict !== 'verified');
    return { romId: rom.id, datGameId: game.id, status: renamed ? 'renamed' : 'verified', files };
  }

  private bestGame(
    rom: LibraryRom,
    matched: readonly { unit: Unit; candidates: DatEntry[] }[],
  ): DatGame | null {
    const coverage = new Map<number, Set<number>>();
    for (const { candidates } of matched) {
      for (const entry of candidates) {
        const set = coverage.get(entry.gameId) ?? new Set<number>();
        set.add(entry.id);
        coverage.set(entry.gameId, set);
      }
    }
    const stem = rom.isFolder ? rom.fsName : rom.fsName.replace(/\.[^.]+$/, '');
    let best: { game: DatGame; count: number; named: boolean } | null = null;
    for (const [gameId, entries] of coverage) {
      const game = this.games.get(gameId);
      if (game === undefined) continue;
      const candidate = { game, count: entries.size, named: game.name === stem };
      if (
        best === null ||
        candidate.count > best.count ||
        (candidate.count === best.count && candidate.named && !best.named) ||
        (candidate.count === best.count && candidate.named === best.named && game.id < best.game.id)
      ) {
        best = candidate;
      }
    }
    return best?.game ?? null;
  }

  private fileMatch(
    file: LibraryFile,
    units: readonly Unit[],
    entryOf: ReadonlyMap<Unit, DatEntry>,
  ): FileMatch {
    const own = units.filter((unit) => unit.file === file);
    const entries = own.map((unit) => entryOf.get(unit));
    const first = entries[0];
    if (first === undefined || entries.some((entry) => entry === undefined)) {
      return { fileId: file.id, datRomId: null, verdict: 'unknown' };
    }
    const gameName = this.games.get(first.gameId)?.name ?? '';
    const named = datFileName(isZip(file), first.name, gameName) === file.fileName;
    return { fileId: file.id, datRomId: first.id, verdict: named ? 'verified' : 'renamed' };
  }
}
