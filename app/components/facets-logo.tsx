/** The FACETS mark: a cut gem of four facets. Inline, so it costs no request; always beside the word "FACETS". */
export function FacetsLogo({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      width="32"
      height="32"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <path d="M16 2 30 12 16 30 2 12Z" fill="#1d4ed8" />
      <path d="M16 2 23 12H9Z" fill="#93c5fd" />
      <path d="M9 12h14l-7 18Z" fill="#1e3a8a" />
      <path d="M2 12h7l7 18Z" fill="#2563eb" />
      <path d="M30 12h-7l-7 18Z" fill="#f5b83d" />
    </svg>
  );
}
