// The shapes several content modules write their pages in; the components that draw them import these.

/** An action of a page: an internal route (`to`) or an outbound address (`href`, opens in a new tab). */
export type PageAction = { label: string; to: string } | { label: string; href: string };

/** A key figure: a big value over a short label. */
export interface Stat {
  value: string;
  label: string;
}

/** One step of a numbered "how it works" sequence. */
export interface Step {
  title: string;
  body: string;
}
