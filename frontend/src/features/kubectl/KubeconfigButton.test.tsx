import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { KubeconfigButton } from "./KubeconfigButton";

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
}

let calls: Call[] = [];
let downloads: string[] = [];

function serve(kubeconfigStatus = 200) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? "GET", url, headers: (init.headers ?? {}) as Record<string, string> };
      calls.push(call);
      if (url === "/k8s/runs/7/kubeconfig" && kubeconfigStatus === 200) {
        return new Response("apiVersion: v1\nkind: Config\n", { status: 200, headers: { "Content-Type": "application/yaml" } });
      }
      return new Response(JSON.stringify({ message: "no run 7 (or its scenario is private)", errors: [] }), {
        status: kubeconfigStatus,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
}

beforeEach(() => {
  document.cookie = "csrftoken=test-token"; // the app shell sets it (playground/views.py)
  calls = [];
  downloads = [];
  URL.createObjectURL = vi.fn(() => "blob:kubeconfig");
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test("the owner's download asks for the kubeconfig with the session and creates no API token", async () => {
  serve();
  render(<KubeconfigButton runId={7} canControl />);
  fireEvent.click(screen.getByRole("button", { name: "Download kubeconfig" }));
  expect(await screen.findByText("kubectl --kubeconfig kubeconfig-run-7.yaml get pods -o wide")).toBeTruthy();
  expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["GET /k8s/runs/7/kubeconfig"]);
  expect(calls[0].headers.Authorization).toBeUndefined();
  expect(await screen.findByText(/opens this run and its restarts only/)).toBeTruthy();
  expect(downloads).toEqual(["kubeconfig-run-7.yaml"]);
});

test("a viewer's download says it is read-only", async () => {
  serve();
  render(<KubeconfigButton runId={7} canControl={false} />);
  fireEvent.click(screen.getByRole("button", { name: "Download kubeconfig" }));
  expect(await screen.findByText(/read-only/)).toBeTruthy();
  expect(calls.map((c) => c.method)).toEqual(["GET"]);
});

test("a refused download shows the server's message and downloads nothing", async () => {
  serve(404);
  render(<KubeconfigButton runId={7} canControl={false} />);
  fireEvent.click(screen.getByRole("button", { name: "Download kubeconfig" }));
  expect((await screen.findByRole("alert")).textContent).toBe("no run 7 (or its scenario is private)");
  expect(downloads).toEqual([]);
});
