import type { ReactNode } from "react";

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}

/** The dark opening band of a page, holding its single h1. */
export function PageHero({ eyebrow, title, lead, children }: PageHeroProps) {
  return (
    <div className="bg-night text-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-widest text-gold uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="mt-3 max-w-4xl text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
          {title}
        </h1>
        {lead ? <p className="mt-6 max-w-3xl text-lg text-slate-200 sm:text-xl">{lead}</p> : null}
        {children ? <div className="mt-10">{children}</div> : null}
      </div>
    </div>
  );
}
