import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { TImage } from '@caravan/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMultipart } from '../../testing/multipart';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { createUser } from '../catalog/test-fixtures';

/** A real one-colour PNG (1 bit grey) of `width` × `height`: a small file, however many pixels. */
function hugePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1;
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('image uploads', () => {
  let ctx: TTestContext;
  let token: string;
  let uploadDir: string;

  beforeAll(async () => {
    uploadDir = mkdtempSync(path.join(tmpdir(), 'caravan-uploads-'));
    ctx = await createTestApp({ UPLOAD_DIR: uploadDir });
    token = (await createUser(ctx.database.db, 'uploader')).token;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const upload = (body: ReturnType<typeof buildMultipart>, sessionToken?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...body.headers, ...(sessionToken ? bearer(sessionToken) : {}) },
      payload: body.payload,
    });

  it('stores one picture uploaded several times at once as whole files, with no temporary file left', async () => {
    const png = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#7C2D12' } })
      .png()
      .toBuffer();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => upload(buildMultipart(png, 'same.png', 'image/png'), token)),
    );
    const images = answers.map((res) => json<TImage>(res));
    expect(new Set(images.map((image) => image.url)).size).toBe(1);
    const dir = path.join(uploadDir, path.dirname(images[0]!.url.replace(/^\/uploads\//, '')));
    const names = readdirSync(dir);
    expect(names.filter((name) => !name.endsWith('.webp'))).toEqual([]);
    for (const name of names) {
      const meta = await sharp(readFileSync(path.join(dir, name))).metadata();
      expect(meta.format).toBe('webp');
    }
  });

  it('accepts a real PNG, re-encodes it to WebP variants without EXIF and never enlarges it', async () => {
    const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#0F766E' } })
      .png()
      .withExif({ IFD0: { Artist: 'secret person', Copyright: 'gps here' } })
      .toBuffer();
    expect((await sharp(png).metadata()).exif).toBeDefined();
    const body = buildMultipart(png, 'photo.png', 'image/png');
    const res = await upload(body, token);
    expect(res.statusCode).toBe(200);
    const image = json<TImage>(res);
    expect(image).toMatchObject({ width: 600, height: 300 });
    expect(image.url).toMatch(/^\/uploads\/img\/[0-9a-f]{2}\/[0-9a-f]{32}-600\.webp$/);
    expect(image.srcset.split(', ').map((s) => s.split(' ')[1])).toEqual(['240w', '480w', '600w']);
    for (const entry of image.srcset.split(', ')) {
      const url = entry.split(' ')[0]!;
      const file = path.join(uploadDir, url.replace(/^\/uploads\//, ''));
      expect(existsSync(file)).toBe(true);
      const meta = await sharp(readFileSync(file)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(readFileSync(file).includes(Buffer.from('secret person'))).toBe(false);
    }
    const served = await ctx.app.inject({ url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('keeps a long screenshot in the widths WebP can hold, and refuses one too long for any, with its own message', async () => {
    // WebP holds at most 16,383 pixels a side: at 300 px wide this one would be 20,000 tall, at 240 px 16,000.
    const tall = await sharp({ create: { width: 300, height: 20_000, channels: 3, background: '#0F766E' } })
      .png()
      .toBuffer();
    const kept = await upload(buildMultipart(tall, 'long.png', 'image/png'), token);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(json<TImage>(kept)).toMatchObject({ width: 240, height: 16_000 });
    const filesBefore = readdirSync(uploadDir, { recursive: true }).length;
    const tooTall = await sharp({ create: { width: 50, height: 20_000, channels: 3, background: '#7C2D12' } })
      .png()
      .toBuffer();
    const refused = await upload(buildMultipart(tooTall, 'strip.png', 'image/png'), token);
    // It said "Only JPEG, PNG, WebP or GIF images are allowed", and left the copies made before the failure.
    expect(refused.statusCode).toBe(400);
    expect(json<{ error: { code: string; message: string } }>(refused).error).toEqual({
      code: 'IMAGE_TOO_TALL',
      message: 'The picture is too long for its width; crop it and upload it again',
    });
    expect(readdirSync(uploadDir, { recursive: true })).toHaveLength(filesBefore);
  });

  it('rotates per EXIF orientation so width and height are the visible ones', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#E4572E' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const body = buildMultipart(jpeg, 'turned.jpg', 'image/jpeg');
    const res = await upload(body, token);
    expect(json<TImage>(res)).toMatchObject({ width: 200, height: 400 });
  });

  it('refuses a text file named .png with 415', async () => {
    const body = buildMultipart(
      Buffer.from('<script>alert(1)</script> not an image'),
      'evil.png',
      'image/png',
    );
    const res = await upload(body, token);
    expect(res.statusCode).toBe(415);
    expect(json(res)).toMatchObject({ error: { code: 'IMAGE_TYPE_INVALID' } });
  });

  it('refuses an SVG (script-capable) even though sharp could read it', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>1</script></svg>',
    );
    const body = buildMultipart(svg, 'a.png', 'image/png');
    const res = await upload(body, token);
    expect(res.statusCode).toBe(415);
  });

  it('refuses a file above 10 MB with 413 and the limit in the message', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 1);
    const body = buildMultipart(big, 'big.png', 'image/png');
    const res = await upload(body, token);
    expect(res.statusCode).toBe(413);
    expect(json(res)).toMatchObject({
      error: { code: 'IMAGE_TOO_LARGE', message: 'The image is larger than 10 MB' },
    });
  });

  it('refuses a valid picture of too many pixels as too large, not as the wrong type, on every upload path', async () => {
    const huge = hugePng(20_000, 20_000);
    expect((await sharp(huge, { limitInputPixels: false }).metadata()).format).toBe('png');
    const res = await upload(buildMultipart(huge, 'huge.png', 'image/png'), token);
    expect(res.statusCode).toBe(413);
    expect(json(res)).toMatchObject({
      error: {
        code: 'IMAGE_TOO_MANY_PIXELS',
        message: 'The image has too many pixels: at most 100 megapixels are allowed',
      },
    });
    // A chat picture (JPEG or PNG only) is told the same, not that it is no PNG; in the request's language.
    const chat = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/uploads?lang=fr',
      headers: { ...buildMultipart(huge, 'huge.png', 'image/png', 'chat').headers, ...bearer(token) },
      payload: buildMultipart(huge, 'huge.png', 'image/png', 'chat').payload,
    });
    expect(chat.statusCode).toBe(413);
    expect(json(chat)).toMatchObject({
      error: { code: 'IMAGE_TOO_MANY_PIXELS', message: expect.stringContaining('100 mégapixels') },
    });
    // Identity photos (private pictures) go through the same check.
    const identity = buildMultipart(huge, 'id.png', 'image/png');
    const privateRes = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/verification/images',
      headers: { ...identity.headers, ...bearer(token) },
      payload: identity.payload,
    });
    expect(privateRes.statusCode).toBe(413);
    expect(json(privateRes)).toMatchObject({ error: { code: 'IMAGE_TOO_MANY_PIXELS' } });
    // Just under the limit is no refusal of its size.
    const wide = await upload(buildMultipart(hugePng(10_000, 10_000), 'wide.png', 'image/png'), token);
    expect(wide.statusCode).toBe(200);
  });

  it('needs a session and a file', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const body = buildMultipart(png, 'a.png', 'image/png');
    const anonymous = await upload(body);
    expect(anonymous.statusCode).toBe(401);
    const json1 = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: bearer(token),
      payload: { a: 1 },
    });
    expect(json1.statusCode).toBe(415);
  });
});
