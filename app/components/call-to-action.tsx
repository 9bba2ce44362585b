import type { ReactNode } from "react";
import type { PageAction } from "~/content/page-content";
import { ButtonLink, buttonClasses, ExternalLink } from "./ui/button-link";

/**
 * A row of buttons: the first is the main action, the others are quieter. `onDark` for the night
 * bands (heroes, calls to action), otherwise for light sections.
 */
export function ActionRow({ actions, onDark = true }: { actions: readonly PageAction[]; onDark?: boolean }) {
  return (
    <div className="flex flex-wrap gap-4">
      {actions.map((action, index) => {
        const variant = index === 0 ? (onDark ? "primary" : "brand") : "secondary";
        return "href" in action ? (
          <ExternalLink key={action.label} href={action.href} className={buttonClasses(variant)}>
            {action.label}
            <ExternalArrow />
          </ExternalLink>
        ) : (
          <ButtonLink key={action.label} to={action.to} variant={variant}>
            {action.label}
          </ButtonLink>
        );
      })}
    </div>
  );
}

function ExternalArrow() {
  return (
    <svg
      viewBox="0 0 16 16"
      width="16"
      height="16"
      className="ml-2 size-4"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M6 3h7v7M13 3 4 12"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
      />
    </svg>
  );
}

interface CallToActionSectionProps {
  id?: string;
  title: string;
  lead: ReactNode;
  actions: readonly PageAction[];
}

/**
 * The closing call to action of a page: a bright panel with an h2, a short lead and the actions,
 * set apart from the night footer below it.
 */
export function CallToActionSection({ id = "next-step", title, lead, actions }: CallToActionSectionProps) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className="bg-surface py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="relative overflow-hidden rounded-3xl bg-linear-to-br from-brand-strong to-night px-6 py-12 text-white shadow-lg sm:px-12 sm:py-16">
          <FacetMotif />
          <div className="relative">
            <h2 id={headingId} className="max-w-3xl text-3xl font-bold tracking-tight sm:text-4xl">
              {title}
            </h2>
            <p className="mt-4 max-w-3xl text-lg text-slate-200">{lead}</p>
            <div className="mt-10">
              <ActionRow actions={actions} />
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

/** The FACETS gem, large and faint, in the corner of the panel. */
function FacetMotif() {
  return (
    <svg
      viewBox="0 0 32 32"
      width="320"
      height="320"
      className="pointer-events-none absolute -right-16 -bottom-20 size-80 opacity-15"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M16 2 30 12 16 30 2 12Z" fill="none" stroke="#f5b83d" strokeWidth="0.6" />
      <path d="M2 12h28M9 12l7-10 7 10M9 12l7 18 7-18" fill="none" stroke="#f5b83d" strokeWidth="0.6" />
    </svg>
  );
}
