import type { TImage } from '@caravan/contracts';
import sharp from 'sharp';
import { storeImage } from '../../modules/uploads/store-image';
import type { TPictureShape, TSeedColour } from './catalog-words';

const SIZE = 960;

/** Mixes a hex colour with white (amount 0..1), for soft backgrounds. */
function tint(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => Math.round(c + (255 - c) * amount));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => Math.round(c * (1 - amount)));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Flat illustrations in a 400x400 box: c = main colour, d = darker, l = lighter. */
const SHAPES: Record<TPictureShape, (c: string, d: string, l: string) => string> = {
  shirt: (c, d, l) => `
    <path d="M140 70 L100 85 L40 140 L80 195 L115 170 L115 340 L285 340 L285 170 L320 195 L360 140 L300 85 L260 70 Q200 115 140 70 Z" fill="${c}"/>
    <path d="M160 74 Q200 105 240 74 L260 70 Q200 125 140 70 Z" fill="${d}"/>
    <rect x="125" y="300" width="150" height="14" rx="7" fill="${l}" opacity="0.6"/>`,
  phone: (c, d, l) => `
    <rect x="120" y="40" width="160" height="320" rx="28" fill="${d}"/>
    <rect x="132" y="70" width="136" height="250" rx="8" fill="${l}"/>
    <rect x="150" y="95" width="100" height="70" rx="8" fill="${c}"/>
    <rect x="150" y="180" width="100" height="14" rx="7" fill="${c}" opacity="0.6"/>
    <rect x="150" y="205" width="70" height="14" rx="7" fill="${c}" opacity="0.4"/>
    <circle cx="200" cy="340" r="9" fill="${l}"/>`,
  chair: (c, d, l) => `
    <rect x="130" y="50" width="140" height="150" rx="22" fill="${c}"/>
    <rect x="110" y="190" width="180" height="50" rx="16" fill="${d}"/>
    <rect x="125" y="240" width="16" height="110" rx="6" fill="${d}"/>
    <rect x="259" y="240" width="16" height="110" rx="6" fill="${d}"/>
    <rect x="150" y="70" width="100" height="16" rx="8" fill="${l}" opacity="0.5"/>`,
  pot: (c, d, l) => `
    <rect x="60" y="170" width="50" height="20" rx="10" fill="${d}"/>
    <rect x="290" y="170" width="50" height="20" rx="10" fill="${d}"/>
    <path d="M90 150 L310 150 L295 320 Q290 340 270 340 L130 340 Q110 340 105 320 Z" fill="${c}"/>
    <rect x="80" y="130" width="240" height="28" rx="14" fill="${d}"/>
    <rect x="185" y="105" width="30" height="30" rx="10" fill="${d}"/>
    <rect x="120" y="200" width="160" height="14" rx="7" fill="${l}" opacity="0.5"/>`,
  bottle: (c, d, l) => `
    <rect x="170" y="40" width="60" height="40" rx="8" fill="${d}"/>
    <path d="M165 80 L235 80 L235 110 Q290 130 290 180 L290 330 Q290 360 260 360 L140 360 Q110 360 110 330 L110 180 Q110 130 165 110 Z" fill="${c}"/>
    <rect x="130" y="200" width="140" height="90" rx="10" fill="${l}"/>
    <rect x="150" y="225" width="100" height="12" rx="6" fill="${c}" opacity="0.7"/>
    <rect x="150" y="250" width="70" height="12" rx="6" fill="${c}" opacity="0.5"/>`,
  bear: (c, d, l) => `
    <circle cx="130" cy="95" r="40" fill="${d}"/>
    <circle cx="270" cy="95" r="40" fill="${d}"/>
    <circle cx="200" cy="150" r="95" fill="${c}"/>
    <ellipse cx="200" cy="300" rx="110" ry="80" fill="${c}"/>
    <ellipse cx="200" cy="180" rx="42" ry="32" fill="${l}"/>
    <circle cx="165" cy="135" r="10" fill="#222"/>
    <circle cx="235" cy="135" r="10" fill="#222"/>
    <circle cx="200" cy="170" r="11" fill="#222"/>
    <ellipse cx="200" cy="305" rx="55" ry="45" fill="${l}"/>`,
  box: (c, d, l) => `
    <path d="M200 60 L340 120 L200 180 L60 120 Z" fill="${l}"/>
    <path d="M60 120 L200 180 L200 350 L60 290 Z" fill="${c}"/>
    <path d="M340 120 L200 180 L200 350 L340 290 Z" fill="${d}"/>
    <path d="M130 90 L270 150 L270 200 L250 190 L250 160 L110 100 Z" fill="${d}" opacity="0.5"/>`,
};

/** Composition 0: straight on a pale tint; 1: turned, on a disc; 2: close-up on the other side. */
export function pictureSvg(shape: TPictureShape, colour: TSeedColour, composition: number): string {
  const c = colour.hex;
  const d = shade(colour.hex, 0.25);
  const l = tint(colour.hex, 0.55);
  const art = SHAPES[shape](c, d, l);
  if (composition === 1) {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 400 400">
      <rect width="400" height="400" fill="${tint('#0F766E', 0.9)}"/>
      <circle cx="200" cy="205" r="170" fill="${tint(colour.hex, 0.8)}"/>
      <ellipse cx="200" cy="370" rx="120" ry="12" fill="#000" opacity="0.12"/>
      <g transform="translate(200 200) rotate(-12) scale(0.82) translate(-200 -200)">${art}</g>
    </svg>`;
  }
  if (composition === 2) {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 400 400">
      <rect width="400" height="400" fill="${tint('#E4572E', 0.9)}"/>
      <g transform="translate(200 200) rotate(10) scale(1.25) translate(-200 -180)">${art}</g>
    </svg>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 400 400">
    <rect width="400" height="400" fill="${tint(colour.hex, 0.88)}"/>
    <ellipse cx="200" cy="362" rx="130" ry="12" fill="#000" opacity="0.10"/>
    <g transform="translate(200 200) scale(0.86) translate(-200 -200)">${art}</g>
  </svg>`;
}

/** Renders an SVG and stores it like an upload (WebP in every width). */
export async function renderPicture(svg: string, uploadDir: string): Promise<TImage> {
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
  return storeImage(png, { uploadDir, effort: 1 });
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function logoSvg(name: string, colour: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 200 200">
    <rect width="200" height="200" rx="40" fill="${colour}"/>
    <circle cx="100" cy="100" r="70" fill="${tint(colour, 0.8)}"/>
    <text x="100" y="122" font-family="sans-serif" font-size="64" font-weight="700" text-anchor="middle"
      fill="${shade(colour, 0.3)}">${escapeXml(initials(name))}</text>
  </svg>`;
}

/**
 * A wordless banner picture: the text is drawn over it by the storefront in the visitor's language, so it
 * is never cut off at narrow widths nor left in English. The art sits at the end so text at the start
 * stays readable.
 */
export function bannerSvg(colour: string, shape: TPictureShape, accent: TSeedColour): string {
  const art = SHAPES[shape](accent.hex, shade(accent.hex, 0.25), tint(accent.hex, 0.55));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="600" viewBox="0 0 960 300">
    <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${colour}"/>
      <stop offset="1" stop-color="${tint(colour, 0.45)}"/></linearGradient></defs>
    <rect width="960" height="300" fill="url(#g)"/>
    <circle cx="760" cy="150" r="130" fill="#fff" opacity="0.25"/>
    <g transform="translate(640 30) scale(0.6)">${art}</g>
  </svg>`;
}
