import { useId } from "react";

/** The FACETS Gold logo: the FACETS gem mark cut in gold over the words FACETS GOLD. */
export function FacetsGoldLogo({ className, title = "FACETS Gold" }: { className?: string; title?: string }) {
  const titleId = useId();
  return (
    <svg
      viewBox="0 0 320 300"
      width="320"
      height="300"
      role="img"
      aria-labelledby={titleId}
      className={className}
    >
      <title id={titleId}>{title}</title>
      <g transform="translate(88 4) scale(4.5)">
        <path d="M16 2 30 12 16 30 2 12Z" fill="#f5b83d" />
        <path d="M16 2 23 12H9Z" fill="#fde68a" />
        <path d="M9 12h14l-7 18Z" fill="#b45309" />
        <path d="M2 12h7l7 18Z" fill="#d97706" />
        <path d="M30 12h-7l-7 18Z" fill="#fbbf24" />
        <path
          d="M16 2 30 12 16 30 2 12Z"
          fill="none"
          stroke="#92400e"
          strokeWidth="0.5"
          strokeLinejoin="round"
        />
      </g>
      <text
        x="160"
        y="220"
        textAnchor="middle"
        fill="#92400e"
        className="font-sans text-[56px] font-extrabold tracking-[0.08em]"
      >
        FACETS
      </text>
      <text
        x="168"
        y="272"
        textAnchor="middle"
        fill="#b45309"
        className="font-sans text-[34px] font-bold tracking-[0.5em]"
      >
        GOLD
      </text>
    </svg>
  );
}
