import { randomUUID } from 'node:crypto';
import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * A page made once and sent many times, each time with the response's own CSP nonces, gzipped without
 * compressing it again (issue 11, speed at scale: gzip of a 240 KB page took 8 ms of the event loop, and
 * finding the nonce places another 5 ms, on every answer from the page cache).
 *
 * The page is cut where the nonces go. Each piece is deflated once on its own and ends byte-aligned (sync
 * flush), the last one with the final block; a gzip stream is then the header, the pieces with each nonce
 * between them as a stored (uncompressed) block, and the trailer, whose CRC-32 is combined from the pieces'
 * own checksums and the nonces' (crc32Combine). Big pieces repeat across pages (the inline stylesheets of a
 * route, a language's dictionaries): put between PIECE_BREAKs, their deflated form is kept and reused by content.
 */
export type TPreparedPage = {
  /** Which nonce goes after piece i (one fewer than the pieces); `break` only ends the piece (PIECE_BREAK). */
  slots: ('script' | 'style' | 'break')[];
  pieces: TPiece[];
};

/** `shift` is x^(8 * length) modulo the CRC polynomial: what a checksum before the piece is multiplied by. */
type TPiece = { deflated: Buffer; crc: number; length: number; shift: number };

/** What a prepared page holds in memory: its compressed pieces (a shared one counted with each page that has it). */
export function preparedPageBytes(page: TPreparedPage): number {
  let bytes = 0;
  for (const piece of page.pieces) {
    bytes += piece.deflated.byteLength;
  }
  return bytes;
}
type TNonces = { script: string; style: string };

const SLOT_TOKEN = `\u0000caravan-nonce-${randomUUID()}-`;
/** Nonce stand-ins that no page content can contain (a random token chosen at start). */
export const NONCE_PLACEHOLDERS: TNonces = {
  script: `${SLOT_TOKEN}script\u0000`,
  style: `${SLOT_TOKEN}style\u0000`,
};
/**
 * Ends a piece without a nonce: text that many pages share (a route's inline stylesheet) put between two
 * breaks is deflated once for all of them, instead of again with the page-specific text after it.
 */
export const PIECE_BREAK = `${SLOT_TOKEN}break\u0000`;
const SLOT_PATTERN = new RegExp(
  `${SLOT_TOKEN.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}(script|style|break)\u0000`,
);

/**
 * Deflated pieces kept for reuse: the ones between two PIECE_BREAKs, least recently used dropped first. Enough for
 * every language's stylesheets, dictionaries, headers (one per navigation tab) and footer (ssr.ts), a few KB each.
 */
const SHARED_PIECES_MAX = 1024;
const sharedPieces = new Map<string, TPiece>();
/**
 * Pieces shorter than this go as one stored block (no compression): a page has half a dozen such bits of markup
 * between its nonces, and setting up a deflate stream for each (zlib allocates and clears some 256 KB of state per
 * stream) was 6 % of a render's CPU in a profile of page misses, for a few hundred bytes saved per page.
 */
const STORED_PIECE_MAX_BYTES = 512;

const CRC_POLY = 0xedb88320;

/** (a * b) modulo the CRC-32 polynomial, bit-reflected (zlib's multmodp). */
function multiplyModPoly(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let bb = b >>> 0;
  for (;;) {
    if ((a & m) !== 0) {
      p = (p ^ bb) >>> 0;
      if ((a & (m - 1)) === 0) {
        break;
      }
    }
    m >>>= 1;
    bb = bb & 1 ? ((bb >>> 1) ^ CRC_POLY) >>> 0 : bb >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31 (zlib's x2n_table). */
const X2N = (() => {
  const table: number[] = [];
  let p = 0x40000000; // x^1
  table.push(p);
  for (let n = 1; n < 32; n++) {
    p = multiplyModPoly(p, p);
    table.push(p);
  }
  return table;
})();

/** x^(8 * length) modulo the polynomial: the factor by which a checksum moves past `length` bytes (zlib's x2nmodp). */
function lengthShift(length: number): number {
  let p = 0x80000000; // x^0
  let n = length;
  let k = 3; // lengths are in bytes: x^(8n) = x^(2^3 n)
  while (n > 0) {
    if (n % 2 === 1) {
      p = multiplyModPoly(X2N[k % 32]!, p);
    }
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

/**
 * The CRC-32 of A followed by B from crc(A), crc(B) and B's shift (lengthShift of its length; zlib's
 * crc32_combine_op). A piece keeps its shift, so an answer combines each piece with one multiplication: working the
 * shift out from the length on every answer was 1 % of the server's CPU under the page bench (issue 11).
 */
function crc32CombineShifted(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModPoly(shiftB, crcA) ^ crcB) >>> 0;
}

/** The CRC-32 of A followed by B from crc(A), crc(B) and B's length in bytes (zlib's crc32_combine). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return crc32CombineShifted(crcA, crcB, lengthShift(lengthB));
}

/** A piece of these bytes, deflated as `deflated`. */
function pieceOf(bytes: Buffer, deflated: Buffer): TPiece {
  return { deflated, crc: crc32(bytes), length: bytes.length, shift: lengthShift(bytes.length) };
}

/** A stored deflate block holding `bytes` (at most 65,535), final or not; it ends byte-aligned. */
function storedBlock(bytes: Buffer, isFinal = false): Buffer {
  const block = Buffer.alloc(5 + bytes.length);
  block[0] = isFinal ? 1 : 0; // BFINAL, BTYPE 00, padding to the byte
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/**
 * A page's own text is deflated on every render miss, at level 3: against the default (6) it took 37-49 % less
 * time on product, list and home pages (0.9 against 1.4-1.6 ms, 1.2 against 2.3 ms) for 4-10 % more bytes of that
 * text, about 1-2.5 KB a page. Level 1 was hardly faster and twice as big. A shared text is deflated once for
 * all pages that carry it, so it gets the smallest form (level 9).
 */
const OWN_TEXT_LEVEL = 3;
const SHARED_TEXT_LEVEL = 9;

/**
 * The bytes in a buffer of their own size. zlib's synchronous calls answer with a view of their 16 KB output buffer:
 * kept in the page cache, a 3 KB piece held all 16 KB (a product page's 34 KB held 131 KB).
 */
function ownBuffer(view: Buffer): Buffer {
  if (view.byteLength === view.buffer.byteLength) {
    return view;
  }
  const own = Buffer.allocUnsafeSlow(view.byteLength);
  view.copy(own);
  return own;
}

function deflatePiece(text: string, isLast: boolean, level: number): TPiece {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length < STORED_PIECE_MAX_BYTES) {
    return pieceOf(bytes, storedBlock(bytes, isLast));
  }
  // A window no bigger than the piece (and a hash table to match) compresses it the same with less state to set up.
  const windowBits = Math.min(15, Math.max(9, Math.ceil(Math.log2(bytes.length))));
  const deflated = deflateRawSync(bytes, {
    level,
    windowBits,
    memLevel: Math.min(8, Math.max(1, windowBits - 7)),
    ...(isLast ? {} : { finishFlush: constants.Z_SYNC_FLUSH }),
  });
  return pieceOf(bytes, ownBuffer(deflated));
}

/**
 * A piece many pages share, deflated once while it stays in use. Keyed by its text: the sharers pass the same string
 * each time (a frame's stylesheet, a language's dictionaries, a header), whose hash V8 keeps, so a look-up does not
 * read the text again.
 */
function sharedPiece(text: string, isLast: boolean): TPiece {
  if (isLast) {
    // The final block is not kept (it ends the stream), so it costs what a page's own text costs.
    return deflatePiece(text, true, OWN_TEXT_LEVEL);
  }
  let piece = sharedPieces.get(text);
  if (piece) {
    // Most recently used last: the Map's order is the eviction order.
    sharedPieces.delete(text);
  } else {
    if (sharedPieces.size >= SHARED_PIECES_MAX) {
      sharedPieces.delete(sharedPieces.keys().next().value as string);
    }
    piece = deflatePiece(text, false, SHARED_TEXT_LEVEL);
  }
  sharedPieces.set(text, piece);
  return piece;
}

/** Text many pages share (a stylesheet, a language's dictionaries, a header): deflated once for all of them. */
export type TSharedText = { shared: string };
/** A page in order: its own text, with NONCE_PLACEHOLDERS where the nonces go, and the texts it shares. */
export type TPageSource = readonly (string | TSharedText)[];

/**
 * Cuts a page into deflated pieces: at its nonces, and around the texts it shares. A page given as one string marks
 * its shared texts with PIECE_BREAKs around them.
 */
export function preparePage(source: string | TPageSource): TPreparedPage {
  const entries: { text: string; isShared: boolean }[] = [];
  const slots: TPreparedPage['slots'] = [];
  let own = '';
  const endOwn = (slot: TPreparedPage['slots'][number]) => {
    entries.push({ text: own, isShared: false });
    slots.push(slot);
    own = '';
  };
  const addOwn = (text: string) => {
    // split with one capture group: text, slot, text, slot, ..., text
    const parts = text.split(SLOT_PATTERN);
    own += parts[0];
    for (let i = 1; i < parts.length; i += 2) {
      const slot = parts[i];
      endOwn(slot === 'script' || slot === 'break' ? slot : 'style');
      own += parts[i + 1];
    }
  };
  const addShared = (text: string) => {
    endOwn('break');
    entries.push({ text, isShared: true });
    slots.push('break');
  };
  const items = typeof source === 'string' ? fromMarkedText(source) : source;
  for (const item of items) {
    if (typeof item === 'string') {
      addOwn(item);
    } else {
      addShared(item.shared);
    }
  }
  entries.push({ text: own, isShared: false });
  // A page's own text is deflated for it alone and not kept (it would push the shared pieces out).
  return {
    slots,
    pieces: entries.map(({ text, isShared }, i) => {
      const isLast = i === entries.length - 1;
      return isShared ? sharedPiece(text, isLast) : deflatePiece(text, isLast, OWN_TEXT_LEVEL);
    }),
  };
}

/** A page as one string, its shared texts between PIECE_BREAKs, as a page source. */
function fromMarkedText(html: string): TPageSource {
  return html.split(PIECE_BREAK).map((text, i) => (i % 2 === 1 ? { shared: text } : text));
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/** The page as one gzip stream with these nonces. */
export function gzipPage(page: TPreparedPage, nonces: TNonces): Buffer {
  const chunks: Buffer[] = [GZIP_HEADER];
  // Each nonce once for all its slots: its bytes as a stored block, and its checksum with its shift (nonces go in
  // several places of a page).
  const nonceParts = { script: nonceBlock(nonces.script), style: nonceBlock(nonces.style) };
  let crc = 0;
  let length = 0;
  page.pieces.forEach((piece, i) => {
    chunks.push(piece.deflated);
    crc = crc32CombineShifted(crc, piece.crc, piece.shift);
    length += piece.length;
    const slot = page.slots[i];
    if (slot && slot !== 'break') {
      const nonce = nonceParts[slot];
      chunks.push(nonce.deflated);
      crc = crc32CombineShifted(crc, nonce.crc, nonce.shift);
      length += nonce.length;
    }
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  chunks.push(trailer);
  return Buffer.concat(chunks);
}

/** A nonce as a piece of its own: a stored block. */
function nonceBlock(nonce: string): TPiece {
  const bytes = Buffer.from(nonce, 'utf8');
  return pieceOf(bytes, storedBlock(bytes));
}

/** The page as text with these nonces (clients that take no gzip: rare, so it is inflated again). */
export function pageText(page: TPreparedPage, nonces: TNonces): string {
  return page.pieces
    .map((piece, i) => {
      const text = inflateRawSync(piece.deflated, { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
      const slot = page.slots[i];
      return slot && slot !== 'break' ? text + nonces[slot] : text;
    })
    .join('');
}

/**
 * A prepared page as bytes (to share it between processes through Redis): a 4-byte length, a JSON header with
 * the slots, each piece's checksum and lengths and the caller's `meta`, then the deflated pieces one after the
 * other. The nonce stand-ins are no part of it, so a page written by one process reads back in any other.
 */
export function encodePreparedPage(page: TPreparedPage, meta: Record<string, number>): Buffer {
  const header = Buffer.from(
    JSON.stringify({
      meta,
      slots: page.slots,
      pieces: page.pieces.map((piece) => [piece.crc, piece.length, piece.deflated.length]),
    }),
  );
  const size = Buffer.alloc(4);
  size.writeUInt32LE(header.length, 0);
  return Buffer.concat([size, header, ...page.pieces.map((piece) => piece.deflated)]);
}

export function decodePreparedPage(bytes: Buffer): { page: TPreparedPage; meta: Record<string, number> } {
  const headerLength = bytes.readUInt32LE(0);
  const header = JSON.parse(bytes.toString('utf8', 4, 4 + headerLength)) as {
    meta: Record<string, number>;
    slots: TPreparedPage['slots'];
    pieces: [number, number, number][];
  };
  let offset = 4 + headerLength;
  const pieces = header.pieces.map(([crc, length, size]) => {
    const deflated = bytes.subarray(offset, offset + size);
    offset += size;
    return { deflated, crc, length, shift: lengthShift(length) };
  });
  if (offset !== bytes.length || header.slots.length !== pieces.length - 1) {
    throw new Error('a shared page does not have the length its header says');
  }
  return { page: { slots: header.slots, pieces }, meta: header.meta };
}
