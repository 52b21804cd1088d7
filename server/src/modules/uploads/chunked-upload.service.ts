import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import {
  link,
  lstat,
  mkdir,
  readdir,
  readFile,
  rm,
  stat,
  unlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import {
  UPLOAD_CHUNK_MAX_BYTES,
  UPLOAD_SESSION_TTL_SECONDS,
  UPLOAD_TOTAL_CHUNKS_HEADER,
  UPLOAD_TOTAL_SIZE_HEADER,
} from '@romshelf/contract';
import type { UploadChunkResponse, UploadStatus } from '@romshelf/contract';

import { HttpError } from '../../http/http-error.js';
import type { RomUploadService } from './rom-upload.service.js';

/** Folder of the data folder holding chunked uploads in progress (kept across restarts). */
const CHUNKED_UPLOAD_FOLDER = 'upload-chunks';
/** Most chunks an upload may have (chunk files are named with five digits, as in RomM). */
const MAX_CHUNKS = 99_999;
const SESSION_FILE = 'session.json';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Session {
  upload_id: string;
  user_id: number;
  platform_id: number;
  filename: string;
  total_size: number;
  total_chunks: number;
}

/** What `start` reads from RomM's `x-upload-*` headers. */
export interface UploadStartHeaders {
  platform: string | undefined;
  filename: string | undefined;
  totalSize: string | undefined;
  totalChunks: string | undefined;
}

const notFound = () => new HttpError(404, 'Upload session not found or expired');
const chunkName = (index: number) => String(index).padStart(5, '0');

function positiveInt(raw: string | undefined, header: string, max: number): number {
  const text = raw?.trim() ?? '';
  if (!/^\d{1,16}$/.test(text) || Number(text) < 1 || Number(text) > max) {
    throw new HttpError(400, `Header ${header} must be a whole number from 1 to ${max}`);
  }
  return Number(text);
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/**
 * RomM 5's chunked upload: each upload is a folder of `<data>/upload-chunks` holding its
 * session and the chunks received (`00000`, `00001`, …, each written whole before it gets its
 * name). Completing concatenates them through the temp area into the platform's ROM folder and
 * stores the ROM, as the single-request upload does. An upload belongs to the user who started
 * it; others are told it does not exist. Uploads untouched for a day are swept away.
 */
export class ChunkedUploadService {
  private readonly completing = new Set<string>();
  /** `<data>/upload-chunks`. */
  private readonly dir: string;

  constructor(
    private readonly uploads: RomUploadService,
    dataDir: string,
    private readonly ttlMs = UPLOAD_SESSION_TTL_SECONDS * 1000,
    private readonly now: () => number = Date.now,
  ) {
    this.dir = path.join(dataDir, CHUNKED_UPLOAD_FOLDER);
  }

  async start(userId: number, headers: UploadStartHeaders): Promise<string> {
    const platform = await this.uploads.platformById(headers.platform, 400);
    const fileName = this.uploads.fileName(headers.filename);
    const maxBytes = this.uploads.maxBytes > 0 ? this.uploads.maxBytes : Number.MAX_SAFE_INTEGER;
    const totalSize = positiveInt(
      headers.totalSize,
      UPLOAD_TOTAL_SIZE_HEADER,
      Number.MAX_SAFE_INTEGER,
    );
    if (totalSize > maxBytes) {
      throw new HttpError(413, `Uploads must be at most ${maxBytes} bytes`);
    }
    const totalChunks = positiveInt(headers.totalChunks, UPLOAD_TOTAL_CHUNKS_HEADER, MAX_CHUNKS);
    if (totalChunks > totalSize || totalChunks < Math.ceil(totalSize / UPLOAD_CHUNK_MAX_BYTES)) {
      throw new HttpError(
        400,
        `${totalChunks} chunks cannot carry ${totalSize} bytes (chunks hold 1 to ${UPLOAD_CHUNK_MAX_BYTES} bytes)`,
      );
    }
    await this.uploads.freeTarget(platform, fileName);
    const session: Session = {
      upload_id: randomUUID(),
      user_id: userId,
      platform_id: platform.id,
      filename: fileName,
      total_size: totalSize,
      total_chunks: totalChunks,
    };
    const folder = path.join(this.dir, session.upload_id);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, SESSION_FILE), JSON.stringify(session), { flag: 'wx' });
    return session.upload_id;
  }

  /**
   * Stores one chunk from the request body. The session and its owner are checked before a
   * byte is read; a chunk already received, an empty one, one past the declared total or one
   * above the chunk limit is refused and leaves nothing behind.
   */
  async putChunk(
    userId: number,
    uploadId: string,
    rawIndex: string | undefined,
    declaredLength: number,
    body: () => Readable,
  ): Promise<UploadChunkResponse> {
    const session = await this.session(userId, uploadId);
    const index = this.chunkIndex(session, rawIndex);
    if (declaredLength > UPLOAD_CHUNK_MAX_BYTES) throw this.tooLarge();
    const folder = path.join(this.dir, uploadId);
    const final = path.join(folder, chunkName(index));
    const part = path.join(folder, `.${chunkName(index)}.${randomUUID()}.part`);
    let size = 0;
    const meter = new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        size += chunk.length;
        callback(size > UPLOAD_CHUNK_MAX_BYTES ? this.tooLarge() : null, chunk);
      },
    });
    try {
      try {
        await pipeline(body(), meter, createWriteStream(part, { flags: 'wx' }));
      } catch (error) {
        if (error instanceof HttpError) throw error;
        if (errorCode(error) === 'ENOENT') throw notFound();
        throw new HttpError(400, `Chunk ${index} was cut short`);
      }
      if (size === 0) throw new HttpError(400, `Chunk ${index} is empty`);
      const held = await this.receivedChunks(uploadId);
      if (held.bytes + size > session.total_size) {
        throw new HttpError(
          400,
          `Size mismatch: chunk ${index} would bring the upload to ${held.bytes + size} bytes, more than the declared ${session.total_size}`,
        );
      }
      await this.claimChunk(part, final, index);
      const at = new Date(this.now());
      await utimes(path.join(folder, SESSION_FILE), at, at);
      return { received: held.indexes.length + 1, total: session.total_chunks };
    } finally {
      await rm(part, { force: true });
    }
  }

  /** RomShelf's own: which chunks the server holds, so a client resumes with the others. */
  async status(userId: number, uploadId: string): Promise<UploadStatus> {
    const session = await this.session(userId, uploadId);
    const held = await this.receivedChunks(uploadId);
    return {
      upload_id: session.upload_id,
      platform_id: session.platform_id,
      filename: session.filename,
      total_size: session.total_size,
      total_chunks: session.total_chunks,
      received_chunks: held.indexes,
      received_bytes: held.bytes,
    };
  }

  /**
   * Assembles the chunks into the platform's ROM folder and stores the ROM; returns its id.
   * Missing chunks: 400, the upload stays to be resumed. Chunks adding up to another size
   * than declared: 400, the upload is discarded. Any failure leaves the library untouched.
   */
  async complete(userId: number, uploadId: string): Promise<number> {
    const session = await this.session(userId, uploadId);
    if (this.completing.has(uploadId)) {
      throw new HttpError(409, 'This upload is already being completed');
    }
    this.completing.add(uploadId);
    try {
      const held = await this.receivedChunks(uploadId);
      const missing = [];
      for (let index = 0; index < session.total_chunks; index++) {
        if (!held.indexes.includes(index)) missing.push(index);
      }
      if (missing.length > 0) {
        throw new HttpError(400, `Missing chunks: [${missing.join(', ')}]`);
      }
      if (held.bytes !== session.total_size) {
        await this.discard(uploadId);
        throw new HttpError(
          400,
          `Size mismatch: the chunks hold ${held.bytes} bytes, ${session.total_size} were declared; the upload was discarded`,
        );
      }
      const platform = await this.uploads.platformById(String(session.platform_id), 400);
      const target = await this.uploads.freeTarget(platform, session.filename);
      const source = this.assembled(uploadId, session.total_chunks);
      let id: number;
      try {
        id = await this.uploads.store(target, source, async (_temp, written) => {
          if (written.size !== session.total_size) {
            throw new HttpError(400, 'Size mismatch while assembling the chunks');
          }
          await Promise.resolve();
        });
      } catch (error) {
        if (source.errored === null) throw error;
        throw new HttpError(
          500,
          'The received chunks could not be read back; nothing was added to the library. Try completing again, or cancel and upload the file again',
        );
      }
      await this.discard(uploadId);
      return id;
    } finally {
      this.completing.delete(uploadId);
    }
  }

  async cancel(userId: number, uploadId: string): Promise<void> {
    await this.session(userId, uploadId);
    await this.discard(uploadId);
  }

  /** Removes uploads untouched for longer than the time to live (at start-up and hourly). */
  async sweep(): Promise<number> {
    let entries: string[];
    try {
      entries = await readdir(this.dir);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return 0;
      throw error;
    }
    let removed = 0;
    for (const entry of entries) {
      if (this.completing.has(entry)) continue;
      if (!UUID.test(entry) || (await this.expired(entry))) {
        await rm(path.join(this.dir, entry), { recursive: true, force: true });
        removed++;
      }
    }
    return removed;
  }

  private async expired(uploadId: string): Promise<boolean> {
    try {
      const touched = (await stat(path.join(this.dir, uploadId, SESSION_FILE))).mtimeMs;
      return this.now() - touched > this.ttlMs;
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return true;
      throw error;
    }
  }

  /** The caller's live session; 404 when unknown, expired or someone else's. */
  private async session(userId: number, uploadId: string): Promise<Session> {
    if (!UUID.test(uploadId)) throw new HttpError(400, 'Invalid upload ID');
    let session: Session;
    try {
      const text = await readFile(path.join(this.dir, uploadId, SESSION_FILE), 'utf8');
      session = JSON.parse(text) as Session;
    } catch (error) {
      if (errorCode(error) === 'ENOENT') throw notFound();
      throw error;
    }
    if (session.user_id !== userId) throw notFound();
    if (await this.expired(uploadId)) {
      await this.discard(uploadId);
      throw notFound();
    }
    return session;
  }

  private chunkIndex(session: Session, raw: string | undefined): number {
    const text = raw?.trim() ?? '';
    const index = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
    if (!(index < session.total_chunks)) {
      throw new HttpError(
        400,
        `Header x-chunk-index must be a chunk index from 0 to ${session.total_chunks - 1}`,
      );
    }
    return index;
  }

  /** Gives the written chunk its name; a hard link fails when the chunk is already there. */
  private async claimChunk(part: string, final: string, index: number): Promise<void> {
    try {
      await link(part, final);
    } catch (error) {
      if (errorCode(error) === 'EEXIST') {
        throw new HttpError(400, `Chunk ${index} was already received`);
      }
      if (errorCode(error) === 'ENOENT') throw notFound();
      throw error;
    }
    await unlink(part);
  }

  private async receivedChunks(uploadId: string): Promise<{ indexes: number[]; bytes: number }> {
    const folder = path.join(this.dir, uploadId);
    const names = (await readdir(folder)).filter((name) => /^\d{5}$/.test(name));
    let bytes = 0;
    for (const name of names) bytes += (await lstat(path.join(folder, name))).size;
    return { indexes: names.map(Number).sort((a, b) => a - b), bytes };
  }

  /** The chunks, in order, as one stream. */
  private assembled(uploadId: string, totalChunks: number): Readable {
    const out = new PassThrough();
    const folder = path.join(this.dir, uploadId);
    void (async () => {
      for (let index = 0; index < totalChunks; index++) {
        await pipeline(createReadStream(path.join(folder, chunkName(index))), out, {
          end: false,
        });
      }
      out.end();
    })().catch((error: unknown) => out.destroy(error as Error));
    return out;
  }

  private tooLarge(): HttpError {
    return new HttpError(413, `Chunks must be at most ${UPLOAD_CHUNK_MAX_BYTES} bytes`);
  }

  private async discard(uploadId: string): Promise<void> {
    await rm(path.join(this.dir, uploadId), { recursive: true, force: true });
  }
}
