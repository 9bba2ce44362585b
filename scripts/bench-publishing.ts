// The bench's staff (scripts/bench.ts): publishes through the JSON twin of the Content tab while the
// content page is loaded, as staff would after a holder vote (issue 41).

/** The demo admin's session on the bench's server, and how to sign in again when it is too old. */
export interface BenchSession {
  origin: string;
  cookie: string;
  signIn: () => Promise<string>;
}

/** How often the staff publish while the bench loads the page (issue 41). */
export const PUBLISH_EVERY_MS = 5_000;

/**
 * Publishes a new version of the tranches through the JSON twin, as staff would after a vote: the status
 * of tranche 3 goes back and forth, so each version differs. Signs in again when "Confirm it's you" is due.
 */
export async function publishTranches(session: BenchSession, open: boolean): Promise<void> {
  const api = (path: string, method = "GET", body?: unknown) =>
    fetch(`${session.origin}/api/admin/content/tranches${path}`, {
      method,
      headers: { Cookie: session.cookie, Origin: session.origin, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const current = (await (await api("")).json()) as {
    revision: number;
    data: { tranches: { status: string }[] };
  };
  const tranches = current.data.tranches.map((tranche, index) =>
    index === 1
      ? { ...tranche, status: open ? "allocated" : "available" }
      : index === 2
        ? { ...tranche, status: open ? "available" : "planned" }
        : tranche,
  );
  const saved = await api("", "PUT", { baseRevision: current.revision, data: { ...current.data, tranches } });
  if (!saved.ok) throw new Error(`saving the tranches failed: ${saved.status} ${await saved.text()}`);
  const { revision } = (await saved.json()) as { revision: number };
  let published = await api("/publish", "POST", { revision });
  if (published.status === 403) {
    session.cookie = await session.signIn();
    published = await api("/publish", "POST", { revision });
  }
  if (!published.ok) throw new Error(`publishing the tranches failed: ${published.status}`);
}

/** A publish as the load starts and every PUBLISH_EVERY_MS after it; the stop waits for the last one. */
export function publishingEvery(session: BenchSession) {
  return () => {
    let open = true;
    let last = Promise.resolve();
    const publish = () => {
      open = !open;
      last = last.then(() => publishTranches(session, open));
    };
    publish();
    const timer = setInterval(publish, PUBLISH_EVERY_MS);
    return async () => {
      clearInterval(timer);
      await last;
    };
  };
}
