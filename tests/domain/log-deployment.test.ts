import { describe, expect, it } from "vitest";
import { markLogLines, withDeployment } from "../../workers/log-deployment";

// Every log line names its deployment, so a Preview's lines are told from production's (decision 180).

function recordingConsole() {
  const lines: unknown[][] = [];
  const record = (...args: unknown[]) => {
    lines.push(args);
  };
  return { lines, target: { debug: record, log: record, info: record, warn: record, error: record } };
}

describe("the deployment on every log line", () => {
  it("joins a line's trailing object, or follows a line without one", () => {
    expect(withDeployment(["mail: sent", { event: "e1" }], "pull-7")).toEqual([
      "mail: sent",
      { event: "e1", deployment: "pull-7" },
    ]);
    expect(withDeployment(["audit log: head 5:ab"], "production")).toEqual([
      "audit log: head 5:ab",
      { deployment: "production" },
    ]);
    expect(withDeployment(["x", ["a"]], "preview")).toEqual(["x", ["a"], { deployment: "preview" }]);
    expect(withDeployment(["x", new Error("e")], "preview")).toHaveLength(3);
    expect(withDeployment(["x", { deployment: "own" }], "preview")).toEqual(["x", { deployment: "own" }]);
  });

  it("is added to every level once the console is marked, and marking twice wraps it once", () => {
    const { lines, target } = recordingConsole();
    markLogLines("pull-7", target);
    markLogLines("pull-7", target);
    target.error("mail: delivery failed, retrying", { attempts: 1 });
    target.log("plain");
    target.warn();
    expect(lines).toEqual([
      ["mail: delivery failed, retrying", { attempts: 1, deployment: "pull-7" }],
      ["plain", { deployment: "pull-7" }],
      [{ deployment: "pull-7" }],
    ]);
  });

  it("leaves the console alone without a deployment", () => {
    const { lines, target } = recordingConsole();
    markLogLines(undefined, target);
    markLogLines("", target);
    target.info("as it was");
    expect(lines).toEqual([["as it was"]]);
  });
});
