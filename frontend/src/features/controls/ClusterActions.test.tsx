import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import type { WorkloadView } from "@/protocol/events";
import { ClusterActions } from "./ClusterActions";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const view = (kind: WorkloadView["kind"], name: string, owner: WorkloadView["owner"] = null): WorkloadView => ({
  key: `${kind}/shop/${name}`, kind, name, namespace: "shop", uid: name, replicas: 3, currentPods: 3, readyPods: 3, owner,
});

test("Scale sends the scale command for the chosen workload; a Deployment's ReplicaSet is not offered", async () => {
  document.cookie = "csrftoken=test-token"; // the app shell sets it (playground/views.py)
  const fetch = vi.fn(async () => new Response(JSON.stringify({ command: {} }), { status: 200, headers: { "Content-Type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  const workloads = [view("Deployment", "web"), view("ReplicaSet", "web-abc", { kind: "Deployment", name: "web" }), view("Job", "j")];
  render(<ClusterActions runId={4} nodes={["n1"]} pods={{ size: 0, keys: () => [] }} cordoned={new Set()} workloads={workloads} />);
  expect(screen.getAllByRole("option", { name: /web/ }).map((o) => o.textContent)).toEqual(["Deployment web (3)"]);
  fireEvent.change(screen.getByLabelText("Replicas"), { target: { value: "5" } });
  fireEvent.click(screen.getByRole("button", { name: "Scale" }));
  await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
  const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe("/api/runs/4/commands/");
  expect(JSON.parse(String(init.body))).toEqual({ type: "scale", kind: "Deployment", name: "web", namespace: "shop", replicas: 5 });
});

test("a pod waiting at Permit can be allowed or rejected; without waiting pods there is no such control", async () => {
  document.cookie = "csrftoken=test-token";
  const fetch = vi.fn(async () => new Response(JSON.stringify({ command: {} }), { status: 200, headers: { "Content-Type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  const pods = { size: 0, keys: () => [] };
  const { rerender } = render(<ClusterActions runId={4} nodes={["n1"]} pods={pods} cordoned={new Set()} waiting={[]} />);
  expect(screen.queryByRole("button", { name: "Allow" })).toBeNull();
  const waiting = [{ pod: "default/a", node: "n1", cycle: 1, plugins: ["PermitGate"], until: 30 }, { pod: "default/b", node: "n1", cycle: 2, plugins: ["PermitGate"], until: 31 }];
  rerender(<ClusterActions runId={4} nodes={["n1"]} pods={pods} cordoned={new Set()} waiting={waiting} />);
  fireEvent.change(screen.getByLabelText("Waiting at Permit"), { target: { value: "default/b" } });
  fireEvent.click(screen.getByRole("button", { name: "Reject" }));
  await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
  const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(JSON.parse(String(init.body))).toEqual({ type: "reject_waiting_pod", pod: "default/b" });
});
