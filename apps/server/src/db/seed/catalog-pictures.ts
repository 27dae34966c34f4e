import type { TImage } from '@caravan/contracts';
import sharp from 'sharp';
import { storeImage } from '../../modules/uploads';
import type { TPictureShape, TSeedColour } from './catalog-words';

/** Pictures are 640 px: the product gallery shows them at most about 500 px wide. */
const SIZE = 640;

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
  jacket: (c, d, l) => `
    <path d="M150 60 L95 80 L55 150 L45 330 L95 330 L110 190 L110 350 L290 350 L290 190 L305 330 L355 330 L345 150 L305 80 L250 60 L200 95 Z" fill="${c}"/>
    <path d="M150 60 L200 95 L250 60 L235 50 L200 75 L165 50 Z" fill="${d}"/>
    <rect x="196" y="95" width="8" height="255" fill="${d}"/>
    <rect x="125" y="230" width="50" height="10" rx="5" fill="${l}"/>
    <rect x="225" y="230" width="50" height="10" rx="5" fill="${l}"/>`,
  dress: (c, d, l) => `
    <path d="M165 50 L235 50 L250 140 L230 160 L320 350 L80 350 L170 160 L150 140 Z" fill="${c}"/>
    <path d="M165 50 Q200 80 235 50 L240 75 Q200 100 160 75 Z" fill="${d}"/>
    <rect x="160" y="150" width="80" height="14" rx="7" fill="${d}"/>
    <path d="M120 330 L280 330 L290 350 L110 350 Z" fill="${l}" opacity="0.6"/>`,
  scarf: (c, d, l) => `
    <path d="M120 80 Q200 40 280 80 L290 140 Q200 100 110 140 Z" fill="${c}"/>
    <path d="M230 120 L290 130 L270 330 L215 320 Z" fill="${c}"/>
    <path d="M215 320 L270 330 L265 360 L210 350 Z" fill="${d}"/>
    <path d="M110 140 Q200 100 290 140 L288 155 Q200 118 112 155 Z" fill="${d}"/>
    <rect x="225" y="180" width="50" height="10" rx="5" fill="${l}"/>
    <rect x="222" y="230" width="50" height="10" rx="5" fill="${l}"/>`,
  charger: (c, d, l) => `
    <rect x="165" y="70" width="18" height="55" rx="4" fill="#9aa3ad"/>
    <rect x="217" y="70" width="18" height="55" rx="4" fill="#9aa3ad"/>
    <rect x="130" y="120" width="140" height="150" rx="24" fill="${c}"/>
    <rect x="180" y="270" width="40" height="25" rx="6" fill="${d}"/>
    <path d="M200 295 Q200 340 250 345 Q320 350 320 300" stroke="${d}" stroke-width="12" fill="none" stroke-linecap="round"/>
    <circle cx="200" cy="190" r="18" fill="${l}"/>`,
  headphones: (c, d, l) => `
    <path d="M90 230 Q90 70 200 70 Q310 70 310 230" stroke="${d}" stroke-width="26" fill="none" stroke-linecap="round"/>
    <rect x="65" y="210" width="70" height="120" rx="30" fill="${c}"/>
    <rect x="265" y="210" width="70" height="120" rx="30" fill="${c}"/>
    <rect x="85" y="235" width="30" height="70" rx="14" fill="${l}"/>
    <rect x="285" y="235" width="30" height="70" rx="14" fill="${l}"/>`,
  speaker: (c, d, l) => `
    <rect x="110" y="50" width="180" height="300" rx="24" fill="${c}"/>
    <circle cx="200" cy="240" r="70" fill="${d}"/>
    <circle cx="200" cy="240" r="30" fill="${l}"/>
    <circle cx="200" cy="115" r="32" fill="${d}"/>
    <circle cx="200" cy="115" r="12" fill="${l}"/>`,
  armchair: (c, d, l) => `
    <rect x="105" y="80" width="190" height="170" rx="30" fill="${c}"/>
    <rect x="60" y="160" width="70" height="140" rx="26" fill="${d}"/>
    <rect x="270" y="160" width="70" height="140" rx="26" fill="${d}"/>
    <rect x="110" y="220" width="180" height="70" rx="18" fill="${l}"/>
    <rect x="80" y="295" width="20" height="55" rx="6" fill="${d}"/>
    <rect x="300" y="295" width="20" height="55" rx="6" fill="${d}"/>`,
  coffeeTable: (c, d, l) => `
    <rect x="95" y="205" width="18" height="120" rx="6" fill="${d}"/>
    <rect x="287" y="205" width="18" height="120" rx="6" fill="${d}"/>
    <rect x="191" y="225" width="18" height="110" rx="6" fill="${d}" opacity="0.8"/>
    <ellipse cx="200" cy="190" rx="160" ry="50" fill="${c}"/>
    <ellipse cx="200" cy="180" rx="150" ry="42" fill="${l}"/>`,
  desk: (c, d, l) => `
    <rect x="120" y="80" width="90" height="60" rx="6" fill="${l}"/>
    <rect x="158" y="140" width="14" height="10" fill="${d}"/>
    <rect x="40" y="150" width="320" height="28" rx="6" fill="${c}"/>
    <rect x="55" y="178" width="22" height="172" fill="${d}"/>
    <rect x="230" y="178" width="110" height="172" rx="6" fill="${d}"/>
    <rect x="245" y="200" width="80" height="40" rx="4" fill="${l}"/>
    <rect x="245" y="255" width="80" height="40" rx="4" fill="${l}"/>`,
  officeChair: (c, d, l) => `
    <rect x="135" y="40" width="130" height="150" rx="40" fill="${c}"/>
    <rect x="110" y="190" width="180" height="45" rx="20" fill="${d}"/>
    <rect x="192" y="235" width="16" height="70" fill="#6b7280"/>
    <path d="M110 320 L290 320 M200 305 L140 345 M200 305 L260 345" stroke="#6b7280" stroke-width="14" stroke-linecap="round"/>
    <circle cx="110" cy="330" r="14" fill="#374151"/>
    <circle cx="290" cy="330" r="14" fill="#374151"/>
    <circle cx="140" cy="352" r="14" fill="#374151"/>
    <circle cx="260" cy="352" r="14" fill="#374151"/>
    <rect x="160" y="60" width="80" height="14" rx="7" fill="${l}" opacity="0.6"/>`,
  pan: (c, d, l) => `
    <rect x="280" y="195" width="110" height="34" rx="17" fill="#3f3f46" transform="rotate(-20 280 212)"/>
    <ellipse cx="170" cy="220" rx="130" ry="120" fill="${d}"/>
    <ellipse cx="170" cy="215" rx="110" ry="100" fill="${c}"/>
    <ellipse cx="140" cy="180" rx="40" ry="22" fill="${l}" opacity="0.5"/>`,
  plate: (c, d, l) => `
    <circle cx="200" cy="200" r="150" fill="${l}"/>
    <circle cx="200" cy="200" r="150" fill="none" stroke="${c}" stroke-width="14"/>
    <circle cx="200" cy="200" r="95" fill="#fff" opacity="0.7"/>
    <circle cx="200" cy="200" r="95" fill="none" stroke="${d}" stroke-width="4"/>`,
  mug: (c, d, l) => `
    <path d="M270 160 Q340 160 340 220 Q340 280 270 280" stroke="${d}" stroke-width="26" fill="none"/>
    <rect x="100" y="110" width="170" height="210" rx="22" fill="${c}"/>
    <ellipse cx="185" cy="112" rx="85" ry="16" fill="${d}"/>
    <rect x="130" y="180" width="110" height="16" rx="8" fill="${l}" opacity="0.7"/>`,
  jar: (c, d, l) => `
    <rect x="100" y="110" width="200" height="55" rx="14" fill="${d}"/>
    <rect x="90" y="160" width="220" height="170" rx="34" fill="${c}"/>
    <rect x="120" y="210" width="160" height="70" rx="12" fill="${l}"/>
    <rect x="140" y="235" width="120" height="12" rx="6" fill="${c}" opacity="0.7"/>`,
  dropper: (c, d, l) => `
    <rect x="180" y="30" width="40" height="60" rx="20" fill="#111827"/>
    <rect x="170" y="85" width="60" height="40" rx="6" fill="${d}"/>
    <rect x="130" y="120" width="140" height="230" rx="30" fill="${c}"/>
    <rect x="150" y="190" width="100" height="90" rx="10" fill="${l}"/>
    <rect x="165" y="215" width="70" height="10" rx="5" fill="${c}"/>`,
  thermos: (c, d, l) => `
    <rect x="150" y="30" width="100" height="50" rx="12" fill="${d}"/>
    <rect x="140" y="75" width="120" height="280" rx="40" fill="${c}"/>
    <rect x="140" y="130" width="120" height="18" fill="${d}"/>
    <rect x="165" y="170" width="20" height="150" rx="10" fill="${l}" opacity="0.6"/>`,
  rabbit: (c, d, l) => `
    <ellipse cx="160" cy="90" rx="24" ry="70" fill="${c}"/>
    <ellipse cx="240" cy="90" rx="24" ry="70" fill="${c}"/>
    <ellipse cx="160" cy="95" rx="10" ry="50" fill="${l}"/>
    <ellipse cx="240" cy="95" rx="10" ry="50" fill="${l}"/>
    <ellipse cx="200" cy="310" rx="95" ry="60" fill="${c}"/>
    <circle cx="200" cy="190" r="75" fill="${c}"/>
    <circle cx="172" cy="180" r="9" fill="#222"/>
    <circle cx="228" cy="180" r="9" fill="#222"/>
    <ellipse cx="200" cy="210" rx="12" ry="8" fill="${d}"/>`,
  blocks: (c, d, l) => `
    <circle cx="95" cy="212" r="14" fill="${c}"/>
    <circle cx="155" cy="212" r="14" fill="${c}"/>
    <circle cx="245" cy="212" r="14" fill="${d}"/>
    <circle cx="305" cy="212" r="14" fill="${d}"/>
    <circle cx="170" cy="92" r="14" fill="${l}"/>
    <circle cx="230" cy="92" r="14" fill="${l}"/>
    <rect x="60" y="220" width="130" height="120" rx="10" fill="${c}"/>
    <rect x="210" y="220" width="130" height="120" rx="10" fill="${d}"/>
    <rect x="135" y="100" width="130" height="120" rx="10" fill="${l}"/>`,
  puzzle: (c, d, l) => `
    <path d="M90 110 L170 110 Q165 70 200 70 Q235 70 230 110 L310 110 L310 190 Q350 185 350 220 Q350 255 310 250 L310 330 L90 330 L90 250 Q130 255 130 220 Q130 185 90 190 Z" fill="${c}"/>
    <path d="M200 110 L200 330 M90 220 L310 220" stroke="${d}" stroke-width="6"/>
    <rect x="110" y="130" width="70" height="14" rx="7" fill="${l}" opacity="0.6"/>`,
  giftBox: (c, d, l) => `
    <path d="M200 130 Q150 60 130 100 Q120 130 200 130 Q280 130 270 100 Q250 60 200 130 Z" fill="${l}"/>
    <rect x="80" y="170" width="240" height="170" rx="8" fill="${c}"/>
    <rect x="65" y="130" width="270" height="50" rx="8" fill="${d}"/>
    <rect x="185" y="130" width="30" height="210" fill="${l}"/>`,
  bin: (c, d, l) => `
    <path d="M80 140 L320 140 L300 340 L100 340 Z" fill="${c}"/>
    <rect x="65" y="110" width="270" height="40" rx="8" fill="${d}"/>
    <rect x="165" y="180" width="70" height="22" rx="11" fill="${d}"/>
    <rect x="120" y="250" width="160" height="12" rx="6" fill="${l}" opacity="0.6"/>`,
  basket: (c, d, l) => `
    <path d="M120 170 Q200 40 280 170" stroke="${d}" stroke-width="18" fill="none"/>
    <path d="M60 170 L340 170 L310 340 L90 340 Z" fill="${c}"/>
    <path d="M75 210 L325 210 M82 250 L318 250 M88 290 L312 290" stroke="${d}" stroke-width="8"/>
    <path d="M130 170 L140 340 M200 170 L200 340 M270 170 L260 340" stroke="${l}" stroke-width="8" opacity="0.7"/>`,
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

/** Category icons are 96 px: the storefront shows them at 24-28 px, sharp on screens of 3 device pixels a px. */
const ICON_SIZE = 96;
const ICON_COLOUR = '#0F766E';

/** A top-level category's icon: its kind of goods in the brand's teal on a pale rounded tile, square. */
export function categoryIconSvg(shape: TPictureShape): string {
  const art = SHAPES[shape](ICON_COLOUR, shade(ICON_COLOUR, 0.3), tint(ICON_COLOUR, 0.6));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ICON_SIZE}" height="${ICON_SIZE}" viewBox="0 0 400 400">
    <rect width="400" height="400" rx="88" fill="${tint(ICON_COLOUR, 0.86)}"/>
    <g transform="translate(200 200) scale(0.9) translate(-200 -200)">${art}</g>
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
 * stays readable: on the right for left-to-right languages, on the left for right-to-left ones (the banner's
 * picture for those languages), where the text starts on the right.
 */
export function bannerSvg(
  colour: string,
  shape: TPictureShape,
  accent: TSeedColour,
  direction: 'ltr' | 'rtl' = 'ltr',
): string {
  const art = SHAPES[shape](accent.hex, shade(accent.hex, 0.25), tint(accent.hex, 0.55));
  const isRtl = direction === 'rtl';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="600" viewBox="0 0 960 300">
    <defs><linearGradient id="g" x1="${isRtl ? 1 : 0}" x2="${isRtl ? 0 : 1}"><stop offset="0" stop-color="${colour}"/>
      <stop offset="1" stop-color="${tint(colour, 0.45)}"/></linearGradient></defs>
    <rect width="960" height="300" fill="url(#g)"/>
    <circle cx="${isRtl ? 200 : 760}" cy="150" r="130" fill="#fff" opacity="0.25"/>
    <g transform="translate(${isRtl ? 80 : 640} 30) scale(0.6)">${art}</g>
  </svg>`;
}
