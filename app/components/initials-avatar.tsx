/** A round portrait placeholder showing initials; decorative, since the name or role is always beside it. */
export function InitialsAvatar({ initials, size = 96 }: { initials: string; size?: number }) {
  return (
    <svg
      viewBox="0 0 96 96"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className="shrink-0"
    >
      <circle cx="48" cy="48" r="48" className="fill-night" />
      <path d="M48 8 84 34 48 88 12 34Z" className="fill-night-soft" />
      <text
        x="48"
        y="50"
        textAnchor="middle"
        dominantBaseline="middle"
        className="fill-gold text-[32px] font-bold tracking-wide"
      >
        {initials}
      </text>
    </svg>
  );
}
