import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

const BOUNDARY = '----caravan-test-boundary';

/** A multipart body with `moduleName` and one `file` part, as the web and the old apps send uploads. */
export function buildMultipart(file: Buffer, filename: string, contentType: string, moduleName = 'review') {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="moduleName"\r\n\r\n${moduleName}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

let uploadColour = 0;

/**
 * Uploads a small new picture through POST /api/v1/uploads as the holder of `token` and answers its
 * reference: image fields accept only the caller's own uploads.
 */
export async function uploadTestImage(app: FastifyInstance, token: string): Promise<string> {
  uploadColour += 1;
  const png = await sharp({
    create: {
      width: 64,
      height: 48,
      channels: 3,
      background: { r: uploadColour % 256, g: 120, b: (uploadColour * 7) % 256 },
    },
  })
    .png()
    .toBuffer();
  const body = buildMultipart(png, 'picture.png', 'image/png');
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  if (res.statusCode !== 200) {
    throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  }
  return (res.json() as { url: string }).url;
}
