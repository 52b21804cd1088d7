import { createHash, randomBytes } from 'node:crypto';

import type { CreateDownloadLinkBody, CreatedDownloadLink, DownloadLink } from '@romshelf/contract';
import { CreateDownloadLinkBodySchema } from '@romshelf/contract';

import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
import type { RomDownload, RomFilesService } from '../roms/files/rom-files.service.js';
import type { RomsService } from '../roms/roms.service.js';
import type { DownloadLinkWithRom, DownloadLinksRepository } from './download-links.repository.js';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function toDownloadLink(row: DownloadLinkWithRom): DownloadLink {
  return {
    id: row.id,
    rom_id: row.rom_id,
    rom_name: row.rom_name ?? row.rom_fs_name,
    file_name: row.rom_fs_name,
    expires_at: row.expires_at,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    downloads: row.downloads,
  };
}

/** What a link's owner may not see (the hidden-items service answers it). */
export interface OwnerVisibility {
  withheldFrom(owner: Pick<UserRow, 'id' | 'role'>): Promise<{
    platformIds: readonly number[];
    romIds: readonly number[];
  }>;
}

/** Whatever answers "no such link": unknown, expired, revoked or its owner disabled alike. */
const GONE = () => new HttpError(404, 'This download link does not exist or has expired');

/**
 * Short-lived links that download one ROM without a session (a console's browser, FBI on a
 * 3DS, a friend's machine). The link is a random 256-bit token in the path; only its SHA-256
 * is stored, so the database alone cannot rebuild a working link. Its owner lists and revokes
 * theirs; it ends by itself at `expires_at`, when its owner is disabled or deleted, or while its
 * game (or the game's platform) is hidden from its owner.
 */
export class DownloadLinksService {
  constructor(
    private readonly links: DownloadLinksRepository,
    private readonly roms: RomsService,
    private readonly files: RomFilesService,
    private readonly owners: OwnerVisibility,
    private readonly clock: () => number = Date.now,
  ) {}

  private now(): string {
    return new Date(this.clock()).toISOString();
  }

  async create(userId: number, body: CreateDownloadLinkBody): Promise<CreatedDownloadLink> {
    const { rom_id: romId, expires_in: expiresIn } = CreateDownloadLinkBodySchema.parse(body);
    await this.roms.findOr404(romId);
    const now = this.now();
    await this.links.deleteExpired(userId, now);
    const token = randomBytes(32).toString('base64url');
    const id = await this.links.insert({
      user_id: userId,
      rom_id: romId,
      hashed_token: hashToken(token),
      expires_at: new Date(this.clock() + expiresIn * 1000).toISOString(),
      created_at: now,
    });
    const row = await this.links.find(id, userId);
    if (row === undefined) throw GONE();
    const link = toDownloadLink(row);
    return { ...link, path: `/api/dl/${token}/${encodeURIComponent(link.file_name)}` };
  }

  async list(userId: number, romId?: number): Promise<DownloadLink[]> {
    return (await this.links.listLive(userId, this.now(), romId)).map(toDownloadLink);
  }

  async revoke(userId: number, id: number): Promise<void> {
    if (!(await this.links.delete(id, userId))) {
      throw new HttpError(404, `Download link ${id} not found`);
    }
  }

  /**
   * What a link downloads: its ROM, as `GET /api/roms/{id}/content/{file_name}` sends it.
   * `counted`: the request starts a download (a later byte range of it is not another one).
   */
  async open(token: string, counted: boolean): Promise<RomDownload> {
    const link = await this.links.findByHash(hashToken(token));
    const now = this.now();
    if (link === undefined || link.expires_at <= now || link.owner_enabled === 0) throw GONE();
    const withheld = await this.owners.withheldFrom({ id: link.user_id, role: link.owner_role });
    if (
      withheld.romIds.includes(link.rom_id) ||
      withheld.platformIds.includes(link.rom_platform_id)
    ) {
      throw GONE();
    }
    const download = await this.files.openContent(link.rom_id, link.rom_fs_name);
    if (counted) await this.links.recordUse(link.id, now);
    return download;
  }
}
