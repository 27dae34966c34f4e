const AVATAR_COLOURS = [
  '#0F766E',
  '#1D4ED8',
  '#7C3AED',
  '#B45309',
  '#BE185D',
  '#15803D',
  '#0369A1',
  '#9F1239',
];

/** Numbered avatar (SPEC §3, default 1) drawn locally: a coloured disc with the name's initial. */
export function UserAvatar({ avatar, name, size = 64 }: { avatar: number; name: string; size?: number }) {
  const colour = AVATAR_COLOURS[(Math.max(1, avatar) - 1) % AVATAR_COLOURS.length];
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={name}>
      <circle cx="32" cy="32" r="32" fill={colour} />
      <text
        x="32"
        y="41"
        textAnchor="middle"
        fontSize="26"
        fontWeight="600"
        fill="#fff"
        fontFamily="Arial, sans-serif"
      >
        {initial}
      </text>
    </svg>
  );
}
