import { Form } from "react-router";
import { AccountSection, SaveButton } from "~/components/account-sections";
import { StaticNotice } from "~/components/static-notice";
import { type ActionResult, answerFor } from "~/lib/account-section-answer";
import type { IntentName } from "~/lib/page-intents";
import {
  NOTIFICATION_MODE_LABELS,
  NOTIFICATION_MODES,
  type NotificationMode,
} from "~/lib/staff-notifications";
import type { intents } from "./notifications.server";

// /account's Notifications section, for administrators only: how they hear of new contact messages and
// registrations (decision 154). A plain form; the handler of its intent is beside it, in
// notifications.server.ts.

export function NotificationsSection({
  mode,
  result,
}: {
  mode: NotificationMode;
  result: ActionResult | undefined;
}) {
  const { mine, errors } = answerFor(result, "notifications");
  const chosen = mine?.values?.mode ?? mode;
  return (
    <AccountSection id="notifications" title="Notifications">
      <StaticNotice message={mine?.notice ?? null} />
      <Form method="post" className="space-y-5" aria-label="Notifications">
        <input type="hidden" name="intent" value={"notifications" satisfies IntentName<typeof intents>} />
        <fieldset aria-describedby={errors.mode ? "notifications-error" : undefined}>
          <legend className="font-medium text-ink">
            Email me about new contact messages and registrations
          </legend>
          <div className="mt-3 space-y-3">
            {NOTIFICATION_MODES.map((value) => (
              <label key={value} className="flex items-start gap-3">
                <input
                  type="radio"
                  name="mode"
                  value={value}
                  defaultChecked={chosen === value}
                  aria-describedby={`notifications-${value}-hint`}
                  className="mt-1 size-5 accent-brand"
                />
                <span>
                  <span className="font-medium">{NOTIFICATION_MODE_LABELS[value].label}</span>
                  <span id={`notifications-${value}-hint`} className="block text-sm text-ink-muted">
                    {NOTIFICATION_MODE_LABELS[value].hint}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {errors.mode ? (
            <p id="notifications-error" className="mt-2 text-sm font-medium text-danger">
              {errors.mode}
            </p>
          ) : null}
        </fieldset>
        <SaveButton>Save notifications</SaveButton>
      </Form>
    </AccountSection>
  );
}
