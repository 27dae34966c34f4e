import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  crc32Combine,
  decodePreparedPage,
  encodePreparedPage,
  gzipPage,
  NONCE_PLACEHOLDERS,
  PIECE_BREAK,
  pageText,
  preparePage,
} from './page-bytes';
import { withCspNonces } from './security-headers';

const PAGE = `<!doctype html><html><head><title>Teddy</title><style>${'.a{color:red}'.repeat(2_000)}</style>
<style data-x="1">.b{}</style></head><body><div id="root"><p>Плюшевый мишка 泰迪熊 دب</p></div>
<script type="application/json" id="caravan-state">{"a":1}</script><script type="module" src="/x.js"></script></body></html>`;

describe('prepared pages (gzip once, own nonces per answer)', () => {
  it("keeps each deflated piece in a buffer of its own size, not a view of zlib's 16 KB output buffer", () => {
    const page = preparePage(PAGE);
    const deflated = page.pieces.filter((piece) => piece.deflated.byteLength < 16_384);
    expect(deflated.length).toBeGreaterThan(0);
    for (const piece of deflated) {
      expect(piece.deflated.buffer.byteLength).toBe(piece.deflated.byteLength);
    }
  });

  it('combines CRC-32s as zlib does', () => {
    const a = Buffer.from('first part, '.repeat(1000));
    const b = Buffer.from('second part ünïcödé');
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    expect(crc32Combine(0, crc32(b), b.length)).toBe(crc32(b));
    expect(crc32Combine(crc32(a), crc32(Buffer.alloc(0)), 0)).toBe(crc32(a));
  });

  it('sends exactly the page with each answer its own nonces, gzipped and plain', () => {
    const prepared = preparePage(withCspNonces(PAGE, NONCE_PLACEHOLDERS));
    // meta, two styles, one inline script
    expect(prepared.slots).toEqual(['style', 'style', 'style', 'script']);
    for (const nonces of [
      { script: 'sCrIpT123', style: 'StYlE456' },
      { script: 'another', style: 'pair==' },
    ]) {
      const expected = withCspNonces(PAGE, nonces);
      expect(gunzipSync(gzipPage(prepared, nonces)).toString('utf8')).toBe(expected);
      expect(pageText(prepared, nonces)).toBe(expected);
    }
  });

  it('cuts a piece at a break without adding to the page, so a stylesheet is shared by pages that differ after it', () => {
    const css = '.c{color:blue}'.repeat(1_000);
    const page = (name: string) =>
      withCspNonces(
        `<html><head><style>${PIECE_BREAK}${css}${PIECE_BREAK}</style></head><body>${name}</body>`,
        NONCE_PLACEHOLDERS,
      );
    const first = preparePage(page('Teddy'));
    const second = preparePage(page('Bear'));
    expect(first.slots).toEqual(['style', 'style', 'break', 'break']);
    // The stylesheet is the piece between the two breaks.
    expect(first.pieces[3]!.length).toBe(css.length);
    expect(second.pieces[3]!.deflated).toBe(first.pieces[3]!.deflated);
    const nonces = { script: 'sCrIpT123', style: 'StYlE456' };
    const expected = withCspNonces(`<html><head><style>${css}</style></head><body>Bear</body>`, nonces);
    expect(gunzipSync(gzipPage(second, nonces)).toString('utf8')).toBe(expected);
    expect(pageText(second, nonces)).toBe(expected);
  });

  it('keeps only pieces between two breaks: the text of one page, however big, is deflated for it alone', () => {
    const first = preparePage(withCspNonces(PAGE, NONCE_PLACEHOLDERS));
    const second = preparePage(withCspNonces(PAGE, NONCE_PLACEHOLDERS));
    // The 26 KB stylesheet of PAGE stands between two nonces, not breaks.
    expect(first.pieces[2]!.length).toBeGreaterThan(20_000);
    expect(second.pieces[2]!.deflated).not.toBe(first.pieces[2]!.deflated);
    expect(second.pieces[2]!.deflated.equals(first.pieces[2]!.deflated)).toBe(true);
    const shared = (body: string) =>
      preparePage(`<p>${PIECE_BREAK}${'.d{color:green}'.repeat(500)}${PIECE_BREAK}${body}</p>`);
    expect(shared('a').pieces[1]!.deflated).toBe(shared('b').pieces[1]!.deflated);
  });

  it('takes a page as its own texts and shared ones, each shared text deflated once for every page', () => {
    const css = '.e{color:teal}'.repeat(800);
    const header = `<header>${'<a href="/x">x</a>'.repeat(200)}</header>`;
    const source = (name: string) => [
      withCspNonces('<html><head><style>', NONCE_PLACEHOLDERS),
      { shared: css },
      `</style></head><body>`,
      { shared: header },
      { shared: '' },
      withCspNonces(`<main>${name}</main><script>var a=1</script>`, NONCE_PLACEHOLDERS),
      '</body></html>',
    ];
    const first = preparePage(source('Teddy'));
    const second = preparePage(source('Bear'));
    const sharedOf = (page: ReturnType<typeof preparePage>) =>
      page.pieces.filter((piece) => piece.length === css.length || piece.length === header.length);
    expect(sharedOf(first)).toHaveLength(2);
    expect(sharedOf(second).map((piece) => piece.deflated)).toEqual(
      sharedOf(first).map((piece) => piece.deflated),
    );
    expect(sharedOf(second)[0]!.deflated).toBe(sharedOf(first)[0]!.deflated);
    expect(sharedOf(second)[1]!.deflated).toBe(sharedOf(first)[1]!.deflated);
    const nonces = { script: 'sCrIpT123', style: 'StYlE456' };
    const expected = (name: string) =>
      withCspNonces(
        `<html><head><style>${css}</style></head><body>${header}<main>${name}</main><script>var a=1</script></body></html>`,
        nonces,
      );
    expect(gunzipSync(gzipPage(second, nonces)).toString('utf8')).toBe(expected('Bear'));
    expect(pageText(first, nonces)).toBe(expected('Teddy'));
  });

  it('sends short pieces stored and long ones deflated, each page still exact (texts of every length)', () => {
    const nonces = { script: 'sCrIpT123', style: 'StYlE456' };
    for (const length of [0, 1, 511, 512, 513, 4_095, 4_097, 70_000, 200_000]) {
      const own = 'Ю'.repeat(Math.floor(length / 4)) + 'x'.repeat(length - 2 * Math.floor(length / 4));
      const page = `<head><script>${own}</script></head>${own}`;
      const prepared = preparePage(withCspNonces(page, NONCE_PLACEHOLDERS));
      const expected = withCspNonces(page, nonces);
      expect(gunzipSync(gzipPage(prepared, nonces)).toString('utf8')).toBe(expected);
      expect(pageText(prepared, nonces)).toBe(expected);
      const last = prepared.pieces.at(-1)!;
      // Stored: one block header of five bytes before the text; deflated: far smaller than the text.
      if (last.length < 512) {
        expect(last.deflated.length).toBe(last.length + 5);
      } else {
        expect(last.deflated.length).toBeLessThan(last.length / 4);
      }
    }
  });

  it('reads a page back from its bytes (a copy from another process) with the same answers and meta', () => {
    const prepared = preparePage(withCspNonces(PAGE, NONCE_PLACEHOLDERS));
    const bytes = encodePreparedPage(prepared, { status: 404, passes: 1 });
    // Through a copy, as it comes back from Redis: nothing may point into the original's buffers.
    const { page, meta } = decodePreparedPage(Buffer.from(bytes));
    expect(meta).toEqual({ status: 404, passes: 1 });
    const nonces = { script: 'sCrIpT123', style: 'StYlE456' };
    expect(gunzipSync(gzipPage(page, nonces)).toString('utf8')).toBe(withCspNonces(PAGE, nonces));
    expect(pageText(page, nonces)).toBe(withCspNonces(PAGE, nonces));
    expect(() => decodePreparedPage(bytes.subarray(0, bytes.length - 1))).toThrow(/length/);
  });
});
