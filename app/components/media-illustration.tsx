import type { ReactNode } from "react";
import type { MediaCategory } from "~/content/media";

// Our own small drawings, one per media category, so no image is ever loaded from a publisher.

const drawings: Record<MediaCategory, ReactNode> = {
  Insurance: (
    <>
      <path d="M100 90a60 60 0 0 1 120 0Z" className="fill-brand" />
      <path d="M160 90v45a10 10 0 0 1-20 0" className="fill-none stroke-ink stroke-[5]" />
      <path d="M130 150v-25l30-22 30 22v25Z" className="fill-gold" />
      <rect x="152" y="132" width="16" height="18" className="fill-night" />
    </>
  ),
  Blockchain: (
    <>
      <rect x="45" y="65" width="60" height="50" rx="8" className="fill-brand" />
      <rect x="130" y="65" width="60" height="50" rx="8" className="fill-brand-strong" />
      <rect x="215" y="65" width="60" height="50" rx="8" className="fill-gold" />
      <path d="M105 90h25M190 90h25" className="stroke-ink stroke-[6]" />
    </>
  ),
  Gold: (
    <>
      <path d="M95 140h60l-10-30h-40Z" className="fill-gold" />
      <path d="M165 140h60l-10-30h-40Z" className="fill-gold-strong" />
      <path d="M130 105h60l-10-30h-40Z" className="fill-gold" />
      <path d="M80 145h160" className="stroke-ink stroke-[4]" />
    </>
  ),
  Capital: (
    <>
      <rect x="110" y="40" width="100" height="110" className="fill-brand-strong" />
      <rect x="110" y="40" width="50" height="55" className="fill-gold" />
      <rect x="160" y="95" width="50" height="55" className="fill-brand" />
      <path d="M160 40v110M110 95h100" className="stroke-white stroke-[3]" />
    </>
  ),
  Africa: (
    <>
      <rect x="125" y="30" width="70" height="125" rx="12" className="fill-night" />
      <rect x="132" y="42" width="56" height="96" rx="4" className="fill-brand-soft" />
      <path d="M160 60 182 70v18c0 16-10 26-22 30-12-4-22-14-22-30V70Z" className="fill-gold" />
    </>
  ),
  "Intellectual property": (
    <>
      <path d="M160 25 235 75 160 160 85 75Z" className="fill-brand" />
      <path d="M85 75h150l-75 85Z" className="fill-brand-strong" />
      <circle cx="160" cy="90" r="22" className="fill-gold" />
      <rect x="150" y="110" width="20" height="14" rx="3" className="fill-brand-soft" />
    </>
  ),
};

/** The illustration of a media category, with its alt text. */
export function MediaIllustration({ category, alt }: { category: MediaCategory; alt: string }) {
  return (
    <svg
      viewBox="0 0 320 180"
      width="320"
      height="180"
      role="img"
      aria-label={alt}
      className="block aspect-video h-auto w-full"
    >
      <rect width="320" height="180" className="fill-surface-muted" />
      {drawings[category]}
    </svg>
  );
}
