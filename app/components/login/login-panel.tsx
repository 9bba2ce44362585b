import { useCallback, useState } from "react";
import { Notice, type ToastMessage, useToast } from "~/components/toaster";
import { type IslandAnswer, postIslandForm } from "~/lib/island-form";
import { LoginForm } from "./login-form";
import type { LoginActionResult, LoginTab } from "./login-result";
import { LoginTabs } from "./login-tabs";
import { RegisterForm } from "./register-form";
import { SecondStepForm } from "./second-step-form";

export interface LoginPanelProps {
  /** The tab the address asks for (`?tab=register`). */
  tab: LoginTab;
  /** Where to go after signing in (`?next=`), a path of ours. */
  next: string | null;
  /** The action's answer when the page answers a form sent without JavaScript. */
  result?: LoginActionResult | undefined;
}

/**
 * The login page's island: the Login and Register tabs and their forms (and the second step of a sign-in).
 * Rendered on the server as the whole answer; hydrated, it sends its forms itself and shows the answers
 * in place, with a toast, as the page does without JavaScript after a reload.
 */
export function LoginPanel({ tab: initialTab, next, result: initialResult }: LoginPanelProps) {
  const [tab, setTab] = useState<LoginTab>(initialResult?.tab ?? initialTab);
  const [result, setResult] = useState(initialResult);
  /** The answer the page was rendered with stays as a box in the page; answers sent from here are toasts. */
  const [notice, setNotice] = useState<ToastMessage | undefined>(initialResult?.toast);
  const [toast, setToast] = useState<ToastMessage | undefined>();
  const [busyIntent, setBusyIntent] = useState<string | null>(null);
  useToast(toast);

  const send = useCallback((form: HTMLFormElement, submitter: HTMLElement | null) => {
    const intent = new FormData(form).get("intent");
    setBusyIntent(typeof intent === "string" ? intent : null);
    void postIslandForm<LoginActionResult>(form, submitter).then(
      (answer: IslandAnswer<LoginActionResult>) => {
        if (answer.kind === "leaving") return;
        setBusyIntent(null);
        setNotice(undefined);
        if (answer.kind === "failed") {
          setToast({ ...answer.toast });
          return;
        }
        setResult(answer.data);
        setTab(answer.data.tab);
        setToast(answer.data.toast);
      },
    );
  }, []);

  function select(next: LoginTab) {
    setTab(next);
    setResult(undefined);
    setNotice(undefined);
  }

  return (
    <>
      <Notice message={notice} />
      <LoginTabs tab={tab} onSelect={select}>
        {tab === "login" && result?.secondStep ? (
          <SecondStepForm
            ticket={result.secondStep.ticket}
            busy={busyIntent === "second-factor"}
            onSend={send}
          />
        ) : tab === "login" ? (
          <LoginForm
            result={result?.tab === "login" ? result : undefined}
            busy={busyIntent === "login"}
            next={next}
            onSend={send}
          />
        ) : (
          <RegisterForm
            key={result?.resetKey ?? 0}
            result={result?.tab === "register" ? result : undefined}
            busy={busyIntent === "register"}
            onSend={send}
          />
        )}
      </LoginTabs>
    </>
  );
}
