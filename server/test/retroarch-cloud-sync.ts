import { createHash } from 'node:crypto';

import { createClient, type WebDAVClient } from 'webdav';

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

type Manifest = Map<string, string>;
type DavResponse = Awaited<ReturnType<WebDAVClient['customRequest']>>;

function parseManifest(text: string): Manifest {
  if (text.trim() === '') return new Map();
  const items = JSON.parse(text) as { path: string; hash: string }[];
  return new Map(items.map((item) => [item.path, item.hash]));
}

function formatManifest(manifest: Manifest): string {
  const paths = [...manifest.keys()].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  const items = paths.map(
    (path) =>
      `  {\n    "path": ${JSON.stringify(path)},\n    "hash": ${JSON.stringify(manifest.get(path))}\n  }`,
  );
  return `[\n${items.join(',\n')}\n]\n`;
}

/** What one sync did, as RetroArch's task title and log tell it. */
export interface SyncOutcome {
  fetched: string[];
  uploaded: string[];
  deletedOnServer: string[];
  conflicts: string[];
}

/**
 * One RetroArch install with cloud sync on (WebDAV driver, non-destructive), replaying the
 * requests of network/cloud_sync/webdav.c and the three-way diff of tasks/task_cloudsync.c:
 * OPTIONS on the base URL with Basic credentials; GET manifest.server (404 = none yet); per
 * file to upload, MKCOL of every folder on its way (405 = exists) then PUT with
 * `Expect: 100-continue`; GET per file to fetch; a file deleted locally is MOVEd to
 * `deleted/<path>-yymmdd-HHMMSS`; finally PUT manifest.server when anything was uploaded or
 * deleted. `files` is the device's saves/ and states/ folders, keyed as the manifest is.
 */
export class RetroArchDevice {
  readonly files = new Map<string, Buffer>();
  private localManifest: Manifest = new Map();
  private readonly client: WebDAVClient;

  private readonly baseUrl: string;

  /** `baseUrl`: the WebDAV URL set in RetroArch (it adds the trailing slash itself). */
  constructor(
    baseUrl: string,
    private readonly username: string,
    private readonly password: string,
  ) {
    this.baseUrl = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
    this.client = createClient(this.baseUrl, { username, password });
  }

  private headers(extra: Record<string, string> = {}) {
    const token = Buffer.from(`${this.username}:${this.password}`).toString('base64');
    return { authorization: `Basic ${token}`, ...extra };
  }

  /** The path as RetroArch encodes it: every byte but A-Z a-z 0-9 * - . _ / as %XX. */
  private url(path: string): string {
    if (path === '') return '';
    const encoded = [...Buffer.from(path, 'utf8')]
      .map((byte) => {
        const char = String.fromCharCode(byte);
        return /[A-Za-z0-9*\-._/]/.test(char)
          ? char
          : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
      })
      .join('');
    return encoded;
  }

  private async request(
    method: string,
    path: string,
    extra: Record<string, string> = {},
    data?: Buffer,
  ): Promise<DavResponse> {
    const options = {
      method,
      url: `${this.baseUrl}${this.url(path)}`,
      headers: this.headers(extra),
      ...(data === undefined ? {} : { data }),
    };
    try {
      return await this.client.customRequest('', options);
    } catch (error) {
      // The client throws on 4xx/5xx; RetroArch reads the status instead.
      const response = (error as { response?: DavResponse }).response;
      if (response !== undefined) return response;
      throw error;
    }
  }

  private async ensureDir(dir: string) {
    const parts = dir.split('/');
    for (let depth = 1; depth <= parts.length; depth += 1) {
      const response = await this.request('MKCOL', parts.slice(0, depth).join('/'));
      if (response.status >= 400 && response.status !== 405)
        throw new Error(`MKCOL ${String(response.status)}`);
    }
  }

  private async put(path: string, bytes: Buffer) {
    const slash = path.lastIndexOf('/');
    if (slash > 0) await this.ensureDir(path.slice(0, slash));
    const response = await this.request('PUT', path, { expect: '100-continue' }, bytes);
    if (response.status < 200 || response.status >= 300)
      throw new Error(`PUT ${String(response.status)}`);
  }

  private async get(path: string): Promise<Buffer | null> {
    const response = await this.request('GET', path);
    if (response.status === 404) return null;
    if (response.status < 200 || response.status >= 300)
      throw new Error(`GET ${String(response.status)}`);
    return Buffer.from(await response.arrayBuffer());
  }

  private async backupOnServer(path: string, now: Date) {
    const slash = path.lastIndexOf('/');
    await this.ensureDir(`deleted/${slash > 0 ? path.slice(0, slash) : ''}`.replace(/\/$/, ''));
    const pad = (value: number) => String(value).padStart(2, '0');
    const stamp = `${pad(now.getFullYear() % 100)}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
    const destination = `${this.baseUrl}${this.url(`deleted/${path}-${stamp}`)}`;
    const response = await this.request('MOVE', path, { destination });
    if (response.status < 200 || response.status >= 300)
      throw new Error(`MOVE ${String(response.status)}`);
  }

  /** One cloud sync, as RetroArch runs it at start-up and after content closes. */
  async sync(
    now = new Date(),
    hooks: { afterManifestRead?: () => Promise<unknown> } = {},
  ): Promise<SyncOutcome> {
    const outcome: SyncOutcome = { fetched: [], uploaded: [], deletedOnServer: [], conflicts: [] };
    const options = await this.request('OPTIONS', '');
    if (options.status < 200 || options.status >= 300)
      throw new Error(`OPTIONS ${String(options.status)}`);
    const server = parseManifest((await this.get('manifest.server'))?.toString('utf8') ?? '');
    await hooks.afterManifestRead?.();
    const local = this.localManifest;
    const current = new Map([...this.files].map(([path, bytes]) => [path, md5(bytes)]));
    const updatedServer: Manifest = new Map();
    const updatedLocal: Manifest = new Map();
    let manifestChanged = false;
    const both = (path: string, hash: string) => {
      updatedServer.set(path, hash);
      updatedLocal.set(path, hash);
    };
    const upload = async (path: string, hash: string) => {
      await this.put(path, this.files.get(path) ?? Buffer.alloc(0));
      both(path, hash);
      manifestChanged = true;
      outcome.uploaded.push(path);
    };
    const fetch = async (path: string, hash: string) => {
      updatedServer.set(path, hash);
      const bytes = await this.get(path);
      if (bytes === null) return;
      this.files.set(path, bytes);
      updatedLocal.set(path, md5(bytes));
      outcome.fetched.push(path);
    };
    const keys = [...new Set([...server.keys(), ...local.keys(), ...current.keys()])].sort((a, b) =>
      a.toLowerCase().localeCompare(b.toLowerCase()),
    );
    for (const path of keys) {
      const s = server.get(path);
      const l = local.get(path);
      const c = current.get(path);
      if (s !== undefined && l === undefined) {
        if (c === undefined) {
          if (s !== '') await fetch(path, s);
          else both(path, '');
        } else if (s === c) both(path, c);
        else {
          updatedServer.set(path, s);
          outcome.conflicts.push(path);
        }
      } else if (s !== undefined && l !== undefined) {
        if (c === undefined) {
          if (s !== '') {
            await this.backupOnServer(path, now);
            outcome.deletedOnServer.push(path);
            manifestChanged = true;
          }
          both(path, '');
        } else if (s === c) both(path, c);
        else if (l !== s && l !== c) {
          updatedServer.set(path, s);
          outcome.conflicts.push(path);
        } else if (l !== c) await upload(path, c);
        else if (s !== '') await fetch(path, s);
        else this.files.delete(path);
      } else if (c !== undefined) await upload(path, c);
    }
    this.localManifest = updatedLocal;
    if (manifestChanged)
      await this.put('manifest.server', Buffer.from(formatManifest(updatedServer)));
    return outcome;
  }
}
