import { AVATAR_MAX } from '@caravan/contracts';

/** Ten colours, each dark enough for white letters and, as the outlined style's letters, readable on white. */
const AVATAR_COLOURS = [
  '#0F766E',
  '#1D4ED8',
  '#7C3AED',
  '#B45309',
  '#BE185D',
  '#15803D',
  '#0369A1',
  '#9F1239',
  '#4338CA',
  '#C2410C',
];

/**
 * Numbered avatar (SPEC §3, 1 to AVATAR_MAX, default 1) drawn locally with the name's initial: 1-10 a coloured
 * disc, 11-20 the same colours as a ring, so each number looks different from the others.
 */
export function UserAvatar({
  avatar,
  name,
  size = 64,
  isDecorative = false,
}: {
  avatar: number;
  name: string;
  size?: number;
  /** Hidden from screen readers where the text beside it already names it (a choice in the avatar picker). */
  isDecorative?: boolean;
}) {
  const index = (Math.min(Math.max(1, avatar), AVATAR_MAX) - 1) % (AVATAR_COLOURS.length * 2);
  const colour = AVATAR_COLOURS[index % AVATAR_COLOURS.length];
  const isRing = index >= AVATAR_COLOURS.length;
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role="img"
      aria-label={name}
      aria-hidden={isDecorative || undefined}
    >
      {isRing ? (
        <circle cx="32" cy="32" r="29" fill="#fff" stroke={colour} strokeWidth="6" />
      ) : (
        <circle cx="32" cy="32" r="32" fill={colour} />
      )}
      <text
        x="32"
        y="41"
        textAnchor="middle"
        fontSize="26"
        fontWeight="600"
        fill={isRing ? colour : '#fff'}
        fontFamily="Arial, sans-serif"
      >
        {initial}
      </text>
    </svg>
  );
}
