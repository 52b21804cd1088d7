import { constants } from 'node:fs';
import { access, mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { PushPullConfig } from '@romshelf/contract';
import type { Client, ConnectConfig, SFTPWrapper, Stats } from 'ssh2';

import type { DeviceFile, DeviceSide, FetchedFile } from './device-side.js';
import { isKnownHostKey } from './known-hosts.js';

/** Where push_pull finds its SSH keys and the hosts it trusts (RomM's SYNC_SSH_* paths). */
export interface SshFiles {
  keysDir: string;
  knownHostsPath: string;
}

const CONNECT_TIMEOUT_MS = 15_000;

const promised = <T>(call: (done: (error: Error | null | undefined, value: T) => void) => void) =>
  new Promise<T>((resolve, reject) => {
    call((error, value) => (error ? reject(error) : resolve(value)));
  });

/** The private key of a device: its `ssh_key_path` inside the keys folder, else `{id}.pem`. */
async function keyOf(files: SshFiles, deviceId: string, config: PushPullConfig) {
  const candidates = [config.ssh_key_path, path.join(files.keysDir, `${deviceId}.pem`)];
  const keysDir = await realpath(files.keysDir).catch(() => null);
  if (keysDir === null) return null;
  for (const candidate of candidates) {
    if (candidate == null || candidate === '') continue;
    const real = await realpath(path.resolve(files.keysDir, candidate)).catch(() => null);
    // A key path names a file of the keys folder, never another file of the server.
    if (real === null || !real.startsWith(keysDir + path.sep)) continue;
    return readFile(real);
  }
  return null;
}

/** Logs in to a push_pull device over SSH, checking its host key against known_hosts. */
export async function connectSftp(
  files: SshFiles,
  deviceId: string,
  config: PushPullConfig,
): Promise<SftpDevice> {
  await access(files.knownHostsPath, constants.R_OK).catch(() => {
    throw new Error(
      `SSH known_hosts file not found at ${files.knownHostsPath}. ` +
        'Mount a known_hosts file or set SYNC_SSH_KNOWN_HOSTS_PATH.',
    );
  });
  const knownHosts = await readFile(files.knownHostsPath, 'utf8');
  const key = await keyOf(files, deviceId, config);
  const password = config.ssh_password ?? null;
  if (key === null && (password === null || password === '')) {
    throw new Error(
      `No SSH authentication method available for ${config.ssh_host}. Put a key at ` +
        `${path.join(files.keysDir, `${deviceId}.pem`)} or set ssh_password in sync_config.`,
    );
  }
  const options: ConnectConfig = {
    host: config.ssh_host,
    port: config.ssh_port,
    username: config.ssh_username,
    readyTimeout: CONNECT_TIMEOUT_MS,
    hostVerifier: (hostKey: Buffer) =>
      isKnownHostKey(knownHosts, config.ssh_host, config.ssh_port, hostKey),
    ...(key === null ? { password: password ?? '' } : { privateKey: key }),
  };
  // Loaded on first use: ssh2 costs a server that never syncs over SFTP memory at idle.
  const { Client } = await import('ssh2');
  const client = new Client();
  await new Promise<void>((resolve, reject) => {
    client.once('ready', resolve).once('error', reject).connect(options);
  });
  try {
    const sftp = await promised<SFTPWrapper>((done) => client.sftp(done));
    return new SftpDevice(client, sftp, config);
  } catch (error) {
    client.end();
    throw error;
  }
}

/** A push_pull device's save folders over SFTP (RomM `save_directories`). */
export class SftpDevice implements DeviceSide {
  constructor(
    private readonly client: Client,
    private readonly sftp: SFTPWrapper,
    private readonly config: PushPullConfig,
  ) {}

  private remoteOf(file: DeviceFile): string {
    return path.posix.join(this.folderOf(file.platformSlug) ?? '', file.fileName);
  }

  async list(): Promise<DeviceFile[]> {
    const found: DeviceFile[] = [];
    for (const folder of this.config.save_directories) {
      const entries = await promised<{ filename: string }[]>((done) =>
        this.sftp.readdir(folder.path, done),
      ).catch(() => []);
      for (const { filename } of entries) {
        if (folder.extension && !filename.endsWith(folder.extension)) continue;
        const stats = await promised<Stats>((done) =>
          this.sftp.stat(path.posix.join(folder.path, filename), done),
        ).catch(() => null);
        if (stats === null || !stats.isFile()) continue;
        found.push({
          platformSlug: folder.platform_slug,
          fileName: filename,
          mtimeMs: stats.mtime * 1000,
          size: stats.size,
        });
      }
    }
    return found;
  }

  async fetch(file: DeviceFile): Promise<FetchedFile> {
    const folder = await mkdtemp(path.join(tmpdir(), 'romshelf-sync-'));
    const local = path.join(folder, 'save');
    const dispose = () => rm(folder, { recursive: true, force: true });
    try {
      await promised<undefined>((done) => {
        this.sftp.fastGet(this.remoteOf(file), local, (error) => done(error, undefined));
      });
    } catch (error) {
      await dispose();
      throw error;
    }
    return { path: local, dispose };
  }

  async send(
    platformSlug: string,
    fileName: string,
    sourcePath: string,
    savedAt: Date,
  ): Promise<void> {
    const folder = this.folderOf(platformSlug);
    if (folder === null) throw new Error(`No save folder for ${platformSlug} on the device`);
    await this.makeFolder(folder);
    await promised<undefined>((done) => {
      this.sftp.fastPut(sourcePath, path.posix.join(folder, fileName), (error) =>
        done(error, undefined),
      );
    });
    await promised<undefined>((done) => {
      this.sftp.utimes(path.posix.join(folder, fileName), savedAt, savedAt, (error) =>
        done(error, undefined),
      );
    });
  }

  /** Makes the folder and its missing parents (an existing one is fine). */
  private async makeFolder(folder: string): Promise<void> {
    let current = '';
    for (const segment of folder.split('/').filter((part) => part !== '')) {
      current += `/${segment}`;
      await promised<undefined>((done) => {
        this.sftp.mkdir(current, () => done(null, undefined));
      });
    }
  }

  async settle(): Promise<void> {
    await Promise.resolve();
  }

  folderOf(platformSlug: string): string | null {
    const folder = this.config.save_directories.find(
      (entry) => entry.platform_slug === platformSlug,
    );
    return folder?.path ?? null;
  }

  async close(): Promise<void> {
    this.sftp.end();
    this.client.end();
    await Promise.resolve();
  }
}
