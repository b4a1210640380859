import { afterEach, expect, test } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { applyEvent } from "@/protocol/applyEvent";
import type { SimEvent } from "@/protocol/events";
import { initialRunState } from "@/protocol/state";
import { newQueryClient } from "@/lib/query";
import { DecisionPanel } from "./DecisionPanel";
import { queryKeys } from "@/api/queryKeys";

afterEach(cleanup);

const pod = (name: string, over: Record<string, unknown>) => ({
  key: `default/${name}`, name, namespace: "default", uid: `uid-${name}`, labels: {}, priority: 100, priorityClassName: "low",
  preemptionPolicy: "PreemptLowerPriority", requests: { cpu: 1000 }, nodeName: null, nominatedNodeName: null, phase: "Pending",
  queue: null, startTime: null, deletionTimestamp: null, preemptedBy: null, schedulingGates: [], ...over,
});
const state = applyEvent(initialRunState, {
  seq: 1, t: 0, kind: "cluster.snapshot",
  state: {
    time: 0, cycle: 0, nodes: [{ name: "node-1", labels: {}, allocatable: { cpu: 4000 }, taints: [], unschedulable: false }],
    pods: [pod("batch-1", { nodeName: "node-1", phase: "Terminating", startTime: 0, deletionTimestamp: 30 }),
           pod("web-high", { nominatedNodeName: "node-1", priority: 1000, priorityClassName: "high" })],
    priorityClasses: [], pdbs: [], queues: { active: [], backoff: [], unschedulable: [], gated: [] }, metrics: null,
  },
} as unknown as SimEvent);

const GLOSSARY = [
  { id: "terminating", term: "Terminating", definition: "Deletion has started.", upstream: "" },
  { id: "pending", term: "Pending", definition: "Not bound yet.", upstream: "" },
  { id: "nominatednodename", term: "nominatedNodeName", definition: "The node it made room on.", upstream: "" },
];

function withGlossary({ children }: { children: ReactNode }) {
  const client = newQueryClient();
  client.setQueryData(queryKeys.glossary("en"), GLOSSARY);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The pod summary's words as seen, without the tooltips (shown only on hover or focus). */
const summary = () => {
  const copy = document.querySelector(".pod-summary")!.cloneNode(true) as HTMLElement;
  copy.querySelectorAll("[role=tooltip]").forEach((t) => t.remove());
  return copy.textContent;
};

const description = (name: string) => {
  const link = screen.getByRole("link", { name });
  return document.getElementById(link.getAttribute("aria-describedby")!)?.textContent;
};

test("a selected pod's STATUS words are glossary terms, their definitions its tooltips", () => {
  const { rerender } = render(<DecisionPanel state={state} selectedPod="default/batch-1" onSelectPod={() => {}} />, { wrapper: withGlossary });
  expect(summary()).toBe("batch-1 · PriorityClass low (priority 100) · Terminating on node-1");
  expect(description("Terminating")).toBe("Deletion has started.");
  rerender(<DecisionPanel state={state} selectedPod="default/web-high" onSelectPod={() => {}} />);
  expect(summary()).toBe("web-high · PriorityClass high (priority 1000) · Pending, nominated to node-1");
  expect(description("Pending")).toBe("Not bound yet.");
  expect(description("nominated")).toBe("The node it made room on.");
});
