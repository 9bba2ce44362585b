import type { StateView } from "./message-states";
import type { PaymentMethod } from "./payment-methods";

// The filters of the workbench's queue of messages, as the address of the Contact Submissions tab carries
// them (/admin?tab=contacts&state=…&area=…&payment=…&from=…&to=…&holder=…&q=…). The server reads them
// (app/server/admin/admin-lists.server.ts `contactFilter`); the tab writes them into its links and forms.

export interface ContactFilter {
  state: StateView;
  /** An area of interest (a public user type's id). */
  area: number | null;
  payment: PaymentMethod | null;
  /** The first and last day received, YYYY-MM-DD in UTC, either end open. */
  from: string | null;
  to: string | null;
  /** Held by the caller, or by nobody. */
  holder: "me" | "nobody" | null;
  /** Text in a name, the address or the message. */
  query: string | null;
}

/**
 * The counts beside each filter's values: each under every other filter, as the list would show it; not
 * `counted` under a text too many messages hold (the values then stand without counts).
 */
export interface MessageFacets {
  counted: boolean;
  state: Record<StateView, number>;
  area: Record<number, number>;
  payment: Record<PaymentMethod, number>;
  holder: { me: number; nobody: number };
}

export const ANY_MESSAGE: ContactFilter = {
  state: "open",
  area: null,
  payment: null,
  from: null,
  to: null,
  holder: null,
  query: null,
};

/** The filter as the tab's query parameters, in a fixed order; the defaults left out. */
export function contactFilterParams(filter: ContactFilter): Record<string, string | number | null> {
  return {
    state: filter.state === "open" ? null : filter.state,
    area: filter.area,
    payment: filter.payment,
    from: filter.from,
    to: filter.to,
    holder: filter.holder,
    q: filter.query,
  };
}

/** Whether the filter narrows the open messages at all (the spec's empty state is for the plain list). */
export const narrows = (filter: ContactFilter): boolean =>
  JSON.stringify(contactFilterParams(filter)) !== JSON.stringify(contactFilterParams(ANY_MESSAGE));
