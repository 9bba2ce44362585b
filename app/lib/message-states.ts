// The states of a contact message in the staff workbench (docs/decisions/152-message-states-and-claims.md):
// New until someone acts, Waiting on the applicant after a reply or a question, Done, or Spam. The spec's
// `is_processed` stays, and says whether a message is closed (Done or Spam): the Contact Submissions tab
// shows the open ones, and "Mark Processed" makes one Done.
//
// This module imports nothing: drizzle-kit loads it with the schema, outside the app's build.

export const MESSAGE_STATES = ["new", "waiting", "done", "spam"] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/** The states that close a message: `is_processed` is true exactly for these. */
export const CLOSED_STATES = ["done", "spam"] as const satisfies readonly MessageState[];

export const MESSAGE_STATE_LABELS: Record<MessageState, string> = {
  new: "New",
  waiting: "Waiting on the applicant",
  done: "Done",
  spam: "Spam",
};

export const isClosedState = (state: MessageState): boolean =>
  (CLOSED_STATES as readonly MessageState[]).includes(state);

/** What the Contact Submissions tab lists: the open messages (New and Waiting, its default) or one state. */
export const STATE_VIEWS = ["open", ...MESSAGE_STATES] as const;
export type StateView = (typeof STATE_VIEWS)[number];

/** The states a view lists: Open is every state that is not closed. */
export const statesOfView = (view: StateView): readonly MessageState[] =>
  view === "open" ? MESSAGE_STATES.filter((state) => !isClosedState(state)) : [view];

export const STATE_VIEW_LABELS: Record<StateView, string> = { open: "Open", ...MESSAGE_STATE_LABELS };
