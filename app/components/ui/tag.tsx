import type { ReactNode } from "react";

const tones = {
  brand: "bg-brand-soft text-brand-strong",
  gold: "bg-amber-100 text-amber-900",
  success: "bg-green-50 text-success",
  muted: "bg-surface-muted text-ink-muted ring-1 ring-line ring-inset",
} as const;

const sizes = {
  sm: "px-2.5 py-0.5 text-xs",
  md: "px-3 py-1 text-sm",
} as const;

export type TagTone = keyof typeof tones;

/** A small rounded label: a category, a status, a currency, "Coming soon". */
export function Tag({
  children,
  tone = "brand",
  size = "sm",
}: {
  children: ReactNode;
  tone?: TagTone;
  size?: keyof typeof sizes;
}) {
  return (
    <span className={`inline-flex items-center rounded-full font-semibold ${sizes[size]} ${tones[tone]}`}>
      {children}
    </span>
  );
}
