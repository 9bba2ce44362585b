import { type MessageState, type StateView, statesOfView } from "~/lib/message-states";

// The search index of messages, `messages_search` (migrations 0017 and 0025): the five columns of what a
// person sent, and the message's state beside them, so the index itself answers "the messages in this
// state that hold these words" (docs/decisions/161).

/**
 * A state as the index holds it: its first letter between two U+0001 characters, one trigram that no
 * query a person types can hold (`searchTerms` drops control characters), so "new" or "spam" in a search
 * box never matches a message's state. The four states' first letters differ (a test keeps them so).
 */
export const stateTerm = (state: MessageState): string => `"\u0001${state.charAt(0)}\u0001"`;

/** A person's words (`ftsMatch`) in the messages of a state view (Open is New or Waiting). */
export const inStateView = (match: string, view: StateView): string =>
  `(${match}) AND state : (${statesOfView(view).map(stateTerm).join(" OR ")})`;
