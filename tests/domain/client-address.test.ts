import { describe, expect, it } from "vitest";
import { clientOf, clientsOfNetwork, networkOf } from "../../app/server/client-address";

// The client that limits count against (tests/worker/code-lockout.test.ts, wrong-passwords-held.test.ts and its siblings).
describe("a client's address", () => {
  it("takes an IPv6 client as its /64", () => {
    expect(clientOf("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(clientOf("2001:DB8:1:2::9")).toBe("2001:db8:1:2::/64");
    expect(clientOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientOf("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(clientOf("192.0.2.1")).toBe("192.0.2.1");
  });

  it("counts an IPv6 client's /48 as one network too; an IPv4 address has none", () => {
    expect(networkOf(clientOf("2001:db8:1:2:3:4:5:6"))).toBe("2001:db8:1::/48");
    expect(networkOf(clientOf("2001:db8:1:ffff::1"))).toBe("2001:db8:1::/48");
    expect(networkOf(clientOf("2001:db8::1"))).toBe("2001:db8:0::/48");
    expect(networkOf(clientOf("192.0.2.1"))).toBeNull();
    expect(networkOf(null)).toBeNull();
  });

  it("matches the stored clients of a /48 and no other", () => {
    const pattern = new RegExp(`^${clientsOfNetwork("2001:db8:1::/48").replace("%", ".*")}$`);
    expect(pattern.test("2001:db8:1:2::/64")).toBe(true);
    expect(pattern.test("2001:db8:1:ffff::/64")).toBe(true);
    expect(pattern.test("2001:db8:10:2::/64")).toBe(false);
    expect(pattern.test("2001:db8:1::/48")).toBe(false);
  });
});
