import { ErrorBodySchema, SaveSchema } from '@romshelf/contract';
import type { Save } from '@romshelf/contract';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

import { HttpError } from '../../http/http-error.js';
import type { ZodApp } from '../../http/zod-app.js';
import { multipartError } from '../../lib/stored-files.js';
import type { AssetUploadPart, PlayAssetsService } from '../play-assets/play-assets.service.js';
import type { BeaconGrant, PlayBeacon } from './play-beacon.js';

/** A beacon's whole body stays under 64 KiB in browsers; a little room for the form around it. */
const BEACON_SAVE_MAX_BYTES = 64 * 1024;

const INVALID_TOKEN = 'Invalid or expired play token';

interface BeaconSave {
  grant: BeaconGrant;
  emulator: string | null;
  parts: AsyncIterable<AssetUploadPart>;
}

/**
 * Reads the form up to its file: the `token` (and `emulator`) fields must come first, so the
 * caller is known before a byte of the file is read. The file part, and any after it, follow.
 */
async function beaconSave(request: FastifyRequest, beacon: PlayBeacon): Promise<BeaconSave> {
  if (!request.isMultipart()) throw new HttpError(400, 'Expected a multipart form');
  const form = request.parts({ limits: { fileSize: BEACON_SAVE_MAX_BYTES, files: 1, fields: 4 } });
  const iterator = form[Symbol.asyncIterator]();
  let grant: BeaconGrant | null = null;
  let emulator: string | null = null;
  let first: Multipart | undefined;
  for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) {
    const part = next.value;
    if (part.type === 'file') {
      first = part;
      break;
    }
    const value = typeof part.value === 'string' ? part.value : '';
    if (part.fieldname === 'token') grant = beacon.verify(value);
    if (part.fieldname === 'emulator' && value !== '') emulator = value.slice(0, 100);
  }
  if (grant === null) throw new HttpError(401, INVALID_TOKEN);
  async function* parts(): AsyncGenerator<AssetUploadPart> {
    for (let part = first; part !== undefined;) {
      if (part.type === 'file' && part.fieldname === 'saveFile') {
        const file = part.file;
        yield {
          field: 'asset',
          fileName: part.filename,
          stream: file,
          truncated: () => file.truncated,
        };
      } else if (part.type === 'file') {
        part.file.resume();
      }
      const next = await iterator.next();
      part = next.done === true ? undefined : next.value;
    }
  }
  return { grant, emulator, parts: parts() };
}

/**
 * The web player's in-game save (the SRAM file) from a closing or hidden tab, by
 * `navigator.sendBeacon` with the per-play token: stored as the user's save of that game under
 * its name, the content it replaces kept in the save history.
 */
export function saveBeaconRoute(app: ZodApp, assets: PlayAssetsService, beacon: PlayBeacon): void {
  app.post(
    '/api/saves/beacon',
    {
      config: {
        access: {
          public: true,
          ownCredentials: true,
          reason:
            'sendBeacon sends no CSRF or Authorization header: the signed per-play token in ' +
            'the form authenticates, the session cookie is ignored',
        },
      },
      schema: {
        tags: ['assets'],
        summary:
          "Store the web player's save file from a closing tab: a form of `token` (from " +
          'POST /api/play-sessions/beacon-token), optional `emulator`, then `saveFile` (64 KiB at most)',
        response: {
          200: SaveSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
          413: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      try {
        const { grant, emulator, parts } = await beaconSave(request, beacon);
        const save = await assets.upload(
          grant.userId,
          'save',
          { romId: grant.romId, emulator },
          parts,
        );
        return save as Save;
      } catch (error) {
        throw multipartError(error);
      }
    },
  );
}
