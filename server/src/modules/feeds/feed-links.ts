import type { RomFile, SimpleRom } from '@romshelf/contract';

/**
 * Absolute links a feed hands to a console app: a game's or a file's download (RomM's
 * `get_rom_content` and `get_romfile_content` routes) and artwork. A client token the feed was
 * asked with (`?token=`) is kept in each link, for apps that send no Authorization header.
 */
export class FeedLinks {
  constructor(
    readonly origin: string,
    private readonly token: string | undefined,
  ) {}

  private withToken(path: string): string {
    if (this.token === undefined) return `${this.origin}${path}`;
    const separator = path.includes('?') ? '&' : '?';
    return `${this.origin}${path}${separator}token=${encodeURIComponent(this.token)}`;
  }

  /** The whole game: its file, or a zip of its files. */
  rom(rom: Pick<SimpleRom, 'id' | 'fs_name'>): string {
    return this.withToken(`/api/roms/${String(rom.id)}/content/${encodeURIComponent(rom.fs_name)}`);
  }

  /** One file of a game. */
  file(file: Pick<RomFile, 'id' | 'file_name'>): string {
    const name = encodeURIComponent(file.file_name);
    return this.withToken(`/api/roms/${String(file.id)}/files/content/${name}`);
  }

  /** An artwork path as ROMs carry it (`/assets/romm/resources/…`), or null when there is none. */
  asset(path: string): string | null {
    return path === '' ? null : this.withToken(path);
  }
}
