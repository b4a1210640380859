import { expect, test } from "vitest";
import type { RunView } from "@/lib/socket";
import { describeStatus } from "./runStatus";

const run = (over: Partial<RunView>): RunView =>
  ({ id: 1, scenario: "s", status: "running", reason: "", speed: 1, seed: 0, time: 0, lastSeq: 0, canControl: true, ...over }) as RunView;

test("a queued run shows why it waits and its place in the queue", () => {
  expect(describeStatus(run({ status: "queued", reason: "waiting for a worker: 3 runs ahead", queuePosition: 4 }))).toBe(
    "queued (waiting for a worker: 3 runs ahead) · position 4 in the queue",
  );
});

test("other statuses show their reason and no queue position", () => {
  expect(describeStatus(run({ status: "settled", reason: "waiting for a change", queuePosition: null }))).toBe("settled (waiting for a change)");
  expect(describeStatus(run({ status: "paused" }))).toBe("paused");
  expect(describeStatus(null)).toBe("connecting…");
});
