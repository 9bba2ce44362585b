import type { AuditAction } from "./audit-actions";
import type { ToastMessage } from "./toast-message";

// The states of a contact message in the staff workbench, declared once (docs/decisions/169): New until
// someone acts, Waiting on the applicant after a reply or a question, Done, or Spam. Everything else reads
// this table: the labels, the queue's Open view (every state not closed), the spec's `is_processed` (true
// exactly for the closed ones, held so by D1), the row actions and their JSON endpoints, the bulk moves,
// the audit entries, the digest, and the column's CHECK (db/schema/contacts.ts).
//
// Only type imports: drizzle-kit loads this module with the schema, outside the app's build.

/** The move of a message into a state, as a button offers it. */
interface MoveDeclaration {
  /** Its intent on the dashboard and a message's page, and its name among the row actions. */
  action: string;
  button: string;
  /**
   * The key that makes the move on the list's focused row and on a message's page (docs/decisions/176):
   * one letter, none another key of the list has (list-keys.tsx).
   */
  key: string;
}

/** What the server does for a move: its JSON endpoint, its toasts and audit entry. */
interface MoveWork {
  /** Its JSON endpoint: POST /api/admin/<endpoint>/:id. */
  endpoint: string;
  done: ToastMessage;
  failed: string;
  /** The audit log's action for each message moved. */
  audit: AuditAction;
}

interface StateDeclaration<State extends string> {
  label: string;
  /** Closed messages leave the Open view, are listed newest first, and show who closed them and when. */
  closed: boolean;
  move: MoveDeclaration;
  /**
   * The moves a message in this state offers: the first as its row's button, the rest under "More". The
   * bulk bar offers every move some state offers, in this table's order.
   */
  offers: readonly State[];
}

/**
 * What the server does with a state, beside the table: kept apart so that the browser's bundle, which reads
 * only the table, carries none of these words.
 */
interface StateWork {
  move: MoveWork;
  /** What the staff digest calls its count and its oldest message; null: the digest leaves it out. */
  digest: { count: string; oldest: string } | null;
  /** What the applicant reads of it, on their own messages (decision 174). */
  applicant: "Received" | "Answered" | "Closed";
  /** Whether the applicant's answer brings the message back to where it arrived (New). */
  answerReopens: boolean;
}

function declareStates<const T extends Record<string, StateDeclaration<Extract<keyof T, string>>>>(
  table: T,
): T {
  return table;
}

export const MESSAGE_STATE_TABLE = declareStates({
  new: {
    label: "New",
    closed: false,
    move: { action: "reopen", button: "Reopen", key: "o" },
    offers: ["done", "waiting", "spam"],
  },
  waiting: {
    label: "Waiting on the applicant",
    closed: false,
    move: { action: "waiting", button: "Waiting", key: "w" },
    offers: ["done", "spam"],
  },
  done: {
    label: "Done",
    closed: true,
    move: { action: "process", button: "Mark Processed", key: "d" },
    offers: ["new"],
  },
  spam: {
    label: "Spam",
    closed: true,
    move: { action: "spam", button: "Spam", key: "s" },
    offers: ["new"],
  },
});

type Table = typeof MESSAGE_STATE_TABLE;
export type MessageState = keyof Table;

/** What the server does with each state of the table (StateWork); the browser's bundle leaves it out. */
export const MESSAGE_STATE_WORK = {
  new: {
    move: {
      endpoint: "reopen-contact",
      done: { title: "Opened again", description: "The message is new again." },
      failed: "Failed to open the message again.",
      audit: "contact-reopened",
    },
    digest: { count: "New messages", oldest: "Oldest new message" },
    applicant: "Received",
    answerReopens: false,
  },
  waiting: {
    move: {
      endpoint: "mark-contact-waiting",
      done: {
        title: "Waiting on the applicant",
        description: "The message waits for the applicant's answer.",
      },
      failed: "Failed to mark the message waiting.",
      audit: "contact-waiting",
    },
    digest: { count: "Waiting on the applicant", oldest: "Oldest waiting on the applicant" },
    applicant: "Answered",
    answerReopens: true,
  },
  done: {
    move: {
      endpoint: "mark-contact-processed",
      done: { title: "Contact Processed", description: "Contact has been marked as processed." },
      failed: "Failed to mark contact as processed.",
      audit: "contact-processed",
    },
    digest: null,
    applicant: "Closed",
    answerReopens: true,
  },
  spam: {
    move: {
      endpoint: "mark-contact-spam",
      done: { title: "Marked spam", description: "The message is closed as spam." },
      failed: "Failed to mark the message spam.",
      audit: "contact-spam",
    },
    digest: null,
    // The applicant is not told it was judged spam; an answer to it stays where it is.
    applicant: "Closed",
    answerReopens: false,
  },
} as const satisfies Record<MessageState, StateWork>;

export const MESSAGE_STATES = Object.keys(MESSAGE_STATE_TABLE) as [MessageState, ...MessageState[]];

/** Where a message arrives (the column's default), and where Reopen takes it back to. */
export const ARRIVAL_STATE = "new" satisfies MessageState;

export const isClosedState = (state: MessageState): boolean => MESSAGE_STATE_TABLE[state].closed;

/** The states that close a message: `is_processed` is true exactly for these (CHECK contact_closed). */
export const CLOSED_STATES = MESSAGE_STATES.filter(isClosedState);

export const MESSAGE_STATE_LABELS = Object.fromEntries(
  MESSAGE_STATES.map((state) => [state, MESSAGE_STATE_TABLE[state].label]),
) as Record<MessageState, string>;

/** The states an applicant's answer brings back to New. */
export const reopenedByAnswer = (): MessageState[] =>
  MESSAGE_STATES.filter((state) => MESSAGE_STATE_WORK[state].answerReopens);

/** What the Contact Submissions tab lists: the open messages (its default) or one state. */
export const STATE_VIEWS = ["open", ...MESSAGE_STATES] as const;
export type StateView = (typeof STATE_VIEWS)[number];

/** The states a view lists: Open is every state that is not closed. */
export const statesOfView = (view: StateView): readonly MessageState[] =>
  view === "open" ? MESSAGE_STATES.filter((state) => !isClosedState(state)) : [view];

/** Whether a view lists closed messages only: newest first, with who closed them. */
export const isClosedView = (view: StateView): boolean => statesOfView(view).every(isClosedState);

export const STATE_VIEW_LABELS: Record<StateView, string> = { open: "Open", ...MESSAGE_STATE_LABELS };

/** The name of a row action that moves a message into a state ("process", "reopen"…). */
export type MoveAction = Table[MessageState]["move"]["action"];

/** A move as a button shows it: the action's name, its words, and the state it moves to. */
export interface OfferedMove {
  action: MoveAction;
  button: string;
  /** Its key, as the button declares it (`aria-keyshortcuts`) for the keyboard flow. */
  key: string;
  to: MessageState;
}

const offeredMove = (to: MessageState): OfferedMove => ({ ...MESSAGE_STATE_TABLE[to].move, to });

/** The moves a message in `state` offers: its row's button, and the others under "More". */
export function movesOf(state: MessageState): { main: OfferedMove | null; more: OfferedMove[] } {
  const [main, ...more] = (MESSAGE_STATE_TABLE[state].offers as readonly MessageState[]).map(offeredMove);
  return { main: main ?? null, more };
}

/** The bulk bar's moves: every state some state offers a move into, in the table's order of offers. */
export const BULK_MOVES: { value: MessageState; label: string }[] = [
  ...new Set(MESSAGE_STATES.flatMap((state) => MESSAGE_STATE_TABLE[state].offers as readonly MessageState[])),
].map((state) => ({ value: state, label: MESSAGE_STATE_LABELS[state] }));

/** The states the staff digest counts, with its words for each. */
export const digestStates = () =>
  MESSAGE_STATES.flatMap((state) => {
    const digest = MESSAGE_STATE_WORK[state].digest;
    return digest ? [{ state, ...digest }] : [];
  });
