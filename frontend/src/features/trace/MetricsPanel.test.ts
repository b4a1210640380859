import { describe, expect, it } from "vitest";
import { parseExposition } from "./MetricsPanel";

describe("parseExposition", () => {
  it("reads the samples and help texts of the server's /metrics", () => {
    const text = [
      "# HELP scheduler_preemption_victims [STABLE] Number of selected preemption victims",
      "# TYPE scheduler_preemption_victims histogram",
      'scheduler_preemption_victims_bucket{le="1"} 0',
      'scheduler_preemption_victims_bucket{le="+Inf"} 1',
      "scheduler_preemption_victims_sum 2",
      "",
    ].join("\n");
    const { samples, help } = parseExposition(text);
    expect(samples).toEqual([
      { name: "scheduler_preemption_victims_bucket", labels: 'le="1"', value: "0" },
      { name: "scheduler_preemption_victims_bucket", labels: 'le="+Inf"', value: "1" },
      { name: "scheduler_preemption_victims_sum", labels: "", value: "2" },
    ]);
    expect(help.scheduler_preemption_victims).toBe("[STABLE] Number of selected preemption victims");
  });
});
