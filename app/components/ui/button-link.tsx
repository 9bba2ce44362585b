import type { ReactNode } from "react";
import { Link } from "react-router";

const variants = {
  primary: "bg-gold text-ink hover:bg-amber-300",
  secondary: "border border-current text-current hover:bg-white/10",
  brand: "bg-brand text-white hover:bg-brand-strong",
} as const;

export const buttonClasses = (variant: keyof typeof variants = "primary") =>
  `inline-flex min-h-11 items-center justify-center rounded-full px-6 py-2.5 font-semibold transition ${variants[variant]}`;

interface ButtonLinkProps {
  to: string;
  children: ReactNode;
  variant?: keyof typeof variants;
}

/**
 * A link styled as a button, for internal routes. A jump within the page (`#section`) stays a plain
 * fragment link: the router would bake the current path into it, and the prerendered document is
 * rendered at `/page/` while visitors open `/page`.
 */
export function ButtonLink({ to, children, variant = "primary" }: ButtonLinkProps) {
  if (to.startsWith("#")) {
    return (
      <a href={to} className={buttonClasses(variant)}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={buttonClasses(variant)}>
      {children}
    </Link>
  );
}

/** An outbound link that opens in a new tab safely and says so to assistive technology. */
export function ExternalLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
