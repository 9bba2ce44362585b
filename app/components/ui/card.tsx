import type { ReactNode } from "react";
import { Link } from "react-router";

interface CardProps {
  title: string;
  children?: ReactNode;
  to?: string;
  /** Heading level inside the section: h3 by default. */
  as?: "h3" | "h4";
  footer?: ReactNode;
}

/** A bordered card; with `to`, its title is a link that covers the whole card. */
export function Card({ title, children, to, as: Heading = "h3", footer }: CardProps) {
  return (
    <article className="relative flex flex-col rounded-2xl border border-line bg-surface p-6 text-ink shadow-sm transition hover:shadow-md focus-within:shadow-md">
      <Heading className="text-xl font-semibold">
        {to ? (
          <Link to={to} className="after:absolute after:inset-0 after:rounded-2xl hover:text-brand">
            {title}
          </Link>
        ) : (
          title
        )}
      </Heading>
      {children ? <div className="mt-3 grow text-ink-muted">{children}</div> : null}
      {footer ? <div className="mt-4">{footer}</div> : null}
    </article>
  );
}

export function CardGrid({ children, columns = 3 }: { children: ReactNode; columns?: 2 | 3 | 4 }) {
  const cols = {
    2: "md:grid-cols-2",
    3: "md:grid-cols-2 lg:grid-cols-3",
    4: "md:grid-cols-2 lg:grid-cols-4",
  }[columns];
  return <div className={`grid gap-6 ${cols}`}>{children}</div>;
}

/** A grid of plain cards, each a title and a paragraph: the most common block of the content pages. */
export function TextCards({
  cards,
  columns,
}: {
  cards: readonly { title: string; body: string }[];
  columns?: 2 | 3 | 4;
}) {
  return (
    <CardGrid columns={columns}>
      {cards.map((card) => (
        <Card key={card.title} title={card.title}>
          <p>{card.body}</p>
        </Card>
      ))}
    </CardGrid>
  );
}
