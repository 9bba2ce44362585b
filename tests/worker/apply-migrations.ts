import { freshStorage } from "./fresh-storage";

// The domain lane's setup (isolate: false, decision 168): each test file starts from empty storage with
// the migrations applied, so nothing one file wrote is seen by the next. The worker lane's is
// between-files.ts.
await freshStorage();
