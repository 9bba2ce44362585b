import { describe, expect, it } from "vitest";
import { clientOf } from "../../app/server/client-address";

// The client that limits count against (tests/worker/code-lockout.test.ts, wrong-passwords-held.test.ts and its siblings).
describe("a client's address", () => {
  it("takes an IPv6 client as its /64", () => {
    expect(clientOf("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(clientOf("2001:DB8:1:2::9")).toBe("2001:db8:1:2::/64");
    expect(clientOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientOf("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(clientOf("192.0.2.1")).toBe("192.0.2.1");
  });
});
