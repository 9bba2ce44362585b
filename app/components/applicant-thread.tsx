import { Form } from "react-router";
import { ANSWER_MAX } from "~/lib/field-limits";
import { formatDateTime } from "~/lib/format-date";
import { SubmitButton, TextAreaField } from "./ui/form-field";

// A sender's own conversation (decision 174), on the page a private link opens and on /account/messages:
// each entry as plain text (nothing a person wrote becomes a link or markup), and a form to answer it.

export interface ThreadView {
  id: number;
  reference: string;
  status: string;
  sentAt: Date | string;
  entries: {
    kind: "message" | "reply" | "answer";
    id: number;
    at: Date | string;
    text: string;
    author: string;
  }[];
}

const KIND_WORDS = { message: "Your message", reply: "Reply", answer: "Your answer" } as const;

export function ApplicantThread({ thread }: { thread: ThreadView }) {
  return (
    <section aria-labelledby={`thread-${thread.id}`} className="space-y-4">
      <h2 id={`thread-${thread.id}`} className="text-xl font-semibold text-ink">
        {thread.reference} <span className="font-normal text-ink-muted">· {thread.status}</span>
      </h2>
      <ol aria-label={`Conversation ${thread.reference}`} className="space-y-3">
        {thread.entries.map((entry) => (
          <li key={`${entry.kind}-${entry.id}`} className="rounded-xl border border-line p-4">
            <p className="text-sm text-ink-muted">
              {KIND_WORDS[entry.kind]} · {entry.author} · {formatDateTime(new Date(entry.at))}
            </p>
            <p className="mt-2 whitespace-pre-wrap break-words text-ink">{entry.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The form that answers a conversation: its hidden fields say which one, and its one-time key. */
export function AnswerForm({
  hidden,
  idPrefix,
  error,
  value,
}: {
  hidden: Record<string, string>;
  idPrefix: string;
  error?: string | undefined;
  value?: string | undefined;
}) {
  return (
    <Form method="post" className="space-y-4" aria-label="Answer">
      {Object.entries(hidden).map(([name, field]) => (
        <input key={name} type="hidden" name={name} value={field} />
      ))}
      <TextAreaField
        id={`${idPrefix}-answer`}
        name="body"
        label="Your answer"
        rows={5}
        required
        maxLength={ANSWER_MAX}
        defaultValue={value}
        error={error}
      />
      <SubmitButton busy={false} busyLabel="Sending...">
        Send answer
      </SubmitButton>
    </Form>
  );
}
