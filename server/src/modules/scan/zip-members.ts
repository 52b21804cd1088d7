import type { ArchiveMember } from '@romshelf/contract';
import yauzl from 'yauzl';

/** Largest number of members recorded for one archive. */
const MAX_MEMBERS = 10_000;

/**
 * Members of a zip archive from its central directory: names, uncompressed sizes and CRC32s,
 * without decompressing anything (so md5/sha1 stay null). Folders are left out. Rejects when
 * the file is not a readable zip.
 */
export function readZipMembers(filePath: string): Promise<ArchiveMember[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: true }, (openError, zip) => {
      if (openError !== null) {
        reject(openError);
        return;
      }
      const members: ArchiveMember[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(members));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith('/') && members.length < MAX_MEMBERS) {
          members.push({
            name: entry.fileName,
            size: entry.uncompressedSize,
            crc_hash: (entry.crc32 >>> 0).toString(16).padStart(8, '0'),
            md5_hash: null,
            sha1_hash: null,
          });
        }
        zip.readEntry();
      });
      zip.readEntry();
    });
  });
}
