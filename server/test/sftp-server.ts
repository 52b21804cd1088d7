import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  readdirSync,
  statSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import type { Stats } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import type { Attributes, Connection, SFTPWrapper } from 'ssh2';
import { Server, utils } from 'ssh2';

const { OPEN_MODE, STATUS_CODE } = utils.sftp;

/** A device's disk as an SFTP server shows it: absolute remote paths under `root`. */
export interface TestSftpServer {
  port: number;
  /** `known_hosts` text naming this server's host key. */
  knownHosts: string;
  /** The private key the server accepts (OpenSSH format). */
  clientKey: string;
  /** Logins the server let in. */
  logins: string[];
  close: () => Promise<void>;
}

function attrsOf(stats: Stats): Attributes {
  return {
    mode: stats.mode,
    uid: stats.uid,
    gid: stats.gid,
    size: stats.size,
    atime: Math.floor(stats.atimeMs / 1000),
    mtime: Math.floor(stats.mtimeMs / 1000),
  };
}

/** Serves the SFTP requests a push_pull sync makes, on the files under `root`. */
function serveSftp(sftp: SFTPWrapper, root: string): void {
  const local = (remote: string) => path.join(root, path.posix.normalize(`/${remote}`));
  const files = new Map<string, number>();
  const dirs = new Map<string, { entries: string[]; dir: string }>();
  let next = 0;
  const newHandle = () => Buffer.from(String((next += 1)));
  const failing = (reqId: number, run: () => void) => {
    try {
      run();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      sftp.status(reqId, code === 'ENOENT' ? STATUS_CODE.NO_SUCH_FILE : STATUS_CODE.FAILURE);
    }
  };
  sftp.on('OPEN', (reqId, filename, flags) => {
    failing(reqId, () => {
      const mode = flags & OPEN_MODE.WRITE ? 'w' : 'r';
      const handle = newHandle();
      files.set(handle.toString(), openSync(local(filename), mode));
      sftp.handle(reqId, handle);
    });
  });
  sftp.on('READ', (reqId, handle, offset, length) => {
    failing(reqId, () => {
      const buffer = Buffer.alloc(length);
      const read = readSync(files.get(handle.toString()) ?? -1, buffer, 0, length, offset);
      if (read === 0) sftp.status(reqId, STATUS_CODE.EOF);
      else sftp.data(reqId, buffer.subarray(0, read));
    });
  });
  sftp.on('WRITE', (reqId, handle, offset, data) => {
    failing(reqId, () => {
      writeSync(files.get(handle.toString()) ?? -1, data, 0, data.length, offset);
      sftp.status(reqId, STATUS_CODE.OK);
    });
  });
  sftp.on('FSTAT', (reqId, handle) => {
    failing(reqId, () => sftp.attrs(reqId, attrsOf(fstatSync(files.get(handle.toString()) ?? -1))));
  });
  const statOf = (reqId: number, remote: string) => {
    failing(reqId, () => sftp.attrs(reqId, attrsOf(statSync(local(remote)))));
  };
  sftp.on('STAT', statOf);
  sftp.on('LSTAT', statOf);
  sftp.on('OPENDIR', (reqId, remote) => {
    failing(reqId, () => {
      const handle = newHandle();
      dirs.set(handle.toString(), { entries: readdirSync(local(remote)), dir: local(remote) });
      sftp.handle(reqId, handle);
    });
  });
  sftp.on('READDIR', (reqId, handle) => {
    const open = dirs.get(handle.toString());
    if (open === undefined || open.entries.length === 0) {
      sftp.status(reqId, STATUS_CODE.EOF);
      return;
    }
    const names = open.entries.splice(0).map((filename) => ({
      filename,
      longname: filename,
      attrs: attrsOf(statSync(path.join(open.dir, filename))),
    }));
    sftp.name(reqId, names);
  });
  sftp.on('CLOSE', (reqId, handle) => {
    const fd = files.get(handle.toString());
    if (fd !== undefined) closeSync(fd);
    files.delete(handle.toString());
    dirs.delete(handle.toString());
    sftp.status(reqId, STATUS_CODE.OK);
  });
  sftp.on('SETSTAT', (reqId, remote, attrs) => {
    failing(reqId, () => {
      utimesSync(local(remote), attrs.atime, attrs.mtime);
      sftp.status(reqId, STATUS_CODE.OK);
    });
  });
  sftp.on('MKDIR', (reqId, remote) => {
    failing(reqId, () => {
      mkdirSync(local(remote));
      sftp.status(reqId, STATUS_CODE.OK);
    });
  });
  sftp.on('REALPATH', (reqId, remote) => {
    const normal = path.posix.normalize(`/${remote}`);
    sftp.name(reqId, [{ filename: normal, longname: normal, attrs: {} as Attributes }]);
  });
}

/** Lets in `user` with `password` or the generated client key. */
function authenticate(
  connection: Connection,
  login: { user: string; password: string },
  clientKey: string,
  logins: string[],
): void {
  const allowed = utils.parseKey(clientKey);
  if (allowed instanceof Error) throw allowed;
  const { user, password } = login;
  connection.on('authentication', (ctx) => {
    if (ctx.username !== user) {
      ctx.reject();
      return;
    }
    if (ctx.method === 'password' && ctx.password === password) {
      logins.push('password');
      ctx.accept();
      return;
    }
    if (
      ctx.method === 'publickey' &&
      ctx.key.algo === allowed.type &&
      ctx.key.data.equals(allowed.getPublicSSH())
    ) {
      if (ctx.signature === undefined) {
        ctx.accept();
        return;
      }
      if (allowed.verify(ctx.blob ?? Buffer.alloc(0), ctx.signature, ctx.hashAlgo)) {
        logins.push('publickey');
        ctx.accept();
        return;
      }
    }
    ctx.reject();
  });
}

/**
 * An ed25519 key pair ssh2 can read back. About one in 256 pairs ssh2 generates has a leading
 * zero byte stripped from its public key (mscdex/ssh2#1513), and ssh2 then rejects that key.
 */
function usableKeyPair(): { private: string; public: string } {
  for (;;) {
    const pair = utils.generateKeyPairSync('ed25519');
    const readable = [pair.private, pair.public].every(
      (key) => !(utils.parseKey(key) instanceof Error),
    );
    if (readable) return pair;
  }
}

/** An SSH server with SFTP on 127.0.0.1, standing in for a handheld running sshd. */
export async function startSftpServer(
  root: string,
  login: { user: string; password: string },
): Promise<TestSftpServer> {
  const host = usableKeyPair();
  const client = usableKeyPair();
  const logins: string[] = [];
  const connections = new Set<Connection>();
  // A client may hang up with a request in flight (a test ending mid-run): the late answer's
  // error belongs to no test, so each stream swallows it instead of crashing the worker.
  const server = new Server({ hostKeys: [host.private] }, (connection) => {
    connections.add(connection);
    connection.on('close', () => connections.delete(connection));
    authenticate(connection, login, client.private, logins);
    connection.on('ready', () => {
      connection.on('session', (accept) => {
        const session = accept();
        session.on('error', () => undefined);
        session.on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          sftp.on('error', () => undefined);
          serveSftp(sftp, root);
        });
      });
    });
    connection.on('error', () => undefined);
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const [type, blob] = host.public.split(' ');
  return {
    port,
    knownHosts: `[127.0.0.1]:${String(port)} ${type ?? ''} ${blob ?? ''}\n`,
    clientKey: client.private,
    logins,
    // Ends the connections still open: `close` alone would wait for the client to hang up.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const connection of connections) connection.end();
      }),
  };
}
