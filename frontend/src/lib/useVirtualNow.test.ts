import { describe, expect, it, test } from "vitest";
import { bestSkewMs, localAnchor, virtualNowAt } from "./useVirtualNow";

const run = (over: Record<string, unknown> = {}) => ({
  status: "running",
  time: 0,
  speed: 2,
  clock: { time: 10, wallTime: 1_000, speed: 2, running: true },
  serverTime: 1_001,
  ...over,
});

test("a running anchor moves speed virtual seconds per wall second from its wall time", () => {
  // Received at local 1_001 s with the server's clock agreeing: 3 s after the anchor, 2x speed.
  const anchor = localAnchor(run(), 1_001_000);
  expect(virtualNowAt(anchor, 1_003_000)).toBeCloseTo(16, 9);
});

test("the browser's own clock being off does not move the virtual time: the skew is measured", () => {
  // The browser runs 500 s behind the server; the JSON arrived 1 s after the anchor (server time).
  const anchor = localAnchor(run(), 501_000);
  expect(virtualNowAt(anchor, 501_000)).toBeCloseTo(12, 9);
  expect(virtualNowAt(anchor, 502_500)).toBeCloseTo(15, 9);
});

test("a paused run shows the anchor's time however late the viewer joins", () => {
  const paused = run({ status: "paused", clock: { time: 12.1, wallTime: 1_000, speed: 1, running: false }, serverTime: 9_000 });
  expect(virtualNowAt(localAnchor(paused, 9_000_000), 9_500_000)).toBe(12.1);
});

test("as fast as possible, the time is the anchor's or the last event's, whichever is later", () => {
  const fast = localAnchor(run({ clock: { time: 4, wallTime: 1_000, speed: 0, running: true } }), 1_001_000);
  expect(virtualNowAt(fast, 1_005_000, 0)).toBe(4);
  expect(virtualNowAt(fast, 1_005_000, 7.5)).toBe(7.5);
});

test("without a clock in the run JSON the anchor is the run's time when it arrived", () => {
  const old = localAnchor({ status: "running", time: 5, speed: 1 }, 2_000);
  expect(virtualNowAt(old, 4_000)).toBe(7);
  expect(virtualNowAt(localAnchor({ status: "paused", time: 5, speed: 1 }, 2_000), 4_000)).toBe(5);
});

test("a held view (no anchor) shows its own time", () => {
  expect(virtualNowAt(null, 9_999_000, 3.25)).toBe(3.25);
});

describe("bestSkewMs", () => {
  const at = (serverTime: number) => ({ time: 0, speed: 1, status: "running", clock: { time: 5, wallTime: 100, speed: 1, running: true }, serverTime });

  it("keeps the least delayed message's estimate: a late message does not set the clock back by its delay", () => {
    // The server's clock leads by 2 s; the first message took 50 ms, the second 400 ms (a busy machine).
    let skew = bestSkewMs(null, at(1000), 998_050);
    expect(skew).toBe(1950);
    skew = bestSkewMs(skew, at(1010), 1_008_400);
    expect(skew).toBe(1950);
    // Anchored with the best estimate, virtual time at local 1_008_400 ms is the server's at 1010.35 s.
    const anchor = localAnchor(at(1010), 1_008_400, skew);
    expect(virtualNowAt(anchor, 1_008_400)).toBeCloseTo(5 + (1010.35 - 100), 6);
    // A faster message improves it.
    expect(bestSkewMs(skew, at(1020), 1_018_010)).toBe(1990);
  });

  it("leaves it alone for a server that sends no serverTime", () => {
    expect(bestSkewMs(120, { time: 0, speed: 1, status: "running" }, 5)).toBe(120);
  });
});
