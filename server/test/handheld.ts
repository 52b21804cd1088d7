import type { FastifyInstance } from 'fastify';

import type { TestUser } from './accounts.js';
import { basic } from './build-test-app.js';

/** A multipart body with one file part. */
export function filePart(field: string, fileName: string, data: string | Buffer) {
  const boundary = '----romshelf-handheld-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.from(data),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A client API token of the user with the scopes a handheld app asks for. */
export async function handheldToken(app: FastifyInstance, user: TestUser): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/client-tokens',
    headers: { authorization: basic(user.username, user.password) },
    payload: {
      name: 'handheld',
      scopes: [
        'roms.read',
        'platforms.read',
        'assets.read',
        'assets.write',
        'devices.read',
        'devices.write',
        'roms.user.read',
        'roms.user.write',
      ],
    },
  });
  if (response.statusCode !== 201) throw new Error(`no token: ${response.body}`);
  return response.json<{ raw_token: string }>().raw_token;
}

/** A device of the token's owner, registered as a handheld app does. */
export async function registerDevice(
  app: FastifyInstance,
  token: string,
  name: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/devices',
    headers: { authorization: `Bearer ${token}` },
    payload: { name, platform: 'muos', client: 'grout', client_version: '1.4.0', hostname: name },
  });
  if (response.statusCode !== 201) throw new Error(`no device: ${response.body}`);
  return response.json<{ device_id: string }>().device_id;
}
