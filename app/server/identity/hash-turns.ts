// A password hash holds the isolate's only thread for hundreds of milliseconds (scrypt, 16 MiB). A rush of
// sign-ins or registrations queued many of them back to back, so the event loop went seconds without
// looking at its sockets or its clock; the local runtime's HTTP server then closed the dev proxy's
// keep-alive connections under the next requests, which answered 500 "Network connection lost"
// (decision 125). Hashes take turns instead: at most one per pass of the event loop, so the loop reads
// waiting requests and keeps its clock true between any two.

let turn = 0;

/** Runs `work` (one hash) once no other hash has run since this caller last went round the event loop. */
export async function inHashTurn<T>(work: () => Promise<T>): Promise<T> {
  for (;;) {
    const seen = turn;
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (turn === seen) break;
  }
  turn += 1;
  return work();
}
