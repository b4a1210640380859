import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { newNamespace, newPod, setIn, type Manifest } from "../model/manifest";
import { NamespacesSection } from "./NamespacesSection";

afterEach(cleanup);

const objects = (): Manifest[] => [
  setIn(newNamespace("team-a"), "metadata.labels", { tier: "web", "kubernetes.io/metadata.name": "team-a" }),
  setIn(newPod("web"), "metadata.namespace", "shop"),
  newPod("db"),
];

function renderSection(readOnly = false) {
  const onChange = vi.fn();
  render(<NamespacesSection objects={objects()} onChange={onChange} errors={{ 0: { "metadata.name": "must be a DNS-1123 label" } }} readOnly={readOnly} />);
  return onChange;
}

test("the section lists Namespace objects and the namespaces pods use without one", () => {
  renderSection();
  expect(screen.getByRole("heading", { name: "Namespaces (1)" })).toBeTruthy();
  const card = screen.getByRole("article", { name: "Namespace team-a" });
  expect(within(card).getByLabelText(/^Labels/).getAttribute("value")).toBe("tier=web");
  expect(within(card).getByLabelText("automatic label of team-a").textContent).toContain("kubernetes.io/metadata.name=team-a");
  expect(screen.getByLabelText("implicit namespaces").textContent).toBe("shop, default");
});

test("editing the labels writes metadata.labels of that Namespace and nothing else", () => {
  const onChange = renderSection();
  fireEvent.change(screen.getByLabelText("Labels (namespace team-a)"), { target: { value: "tier=data, team=a" } });
  const next = onChange.mock.calls.at(-1)![0] as Manifest[];
  expect(next[0]).toEqual({ apiVersion: "v1", kind: "Namespace", metadata: { name: "team-a", labels: { tier: "data", team: "a" } } });
  expect(next.slice(1)).toEqual(objects().slice(1));
});

test("Add Namespace appends a new Namespace with a free name; errors from the API show on the card", () => {
  const onChange = renderSection();
  expect(screen.getByRole("alert").textContent).toBe("must be a DNS-1123 label");
  fireEvent.click(screen.getByRole("button", { name: "Add Namespace" }));
  const next = onChange.mock.calls.at(-1)![0] as Manifest[];
  expect(next.at(-1)).toEqual({ apiVersion: "v1", kind: "Namespace", metadata: { name: "team-1" } });
});

test("a read-only scenario offers no add or remove buttons", () => {
  renderSection(true);
  expect(screen.queryByRole("button", { name: "Add Namespace" })).toBeNull();
  expect(screen.queryByRole("button", { name: /Remove Namespace/ })).toBeNull();
});
