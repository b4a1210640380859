import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { newQueryClient } from "@/lib/query";
import { Markdown } from "./Markdown";
import { queryKeys } from "@/api/queryKeys";

afterEach(cleanup);

test("a lesson's GitHub table renders as a table, not as pipes", () => {
  const text = "Compare:\n\n| node | victims | highest victim |\n|---|---|---|\n| node-1 | `low-a` | 100 |\n| node-2 | low-b, low-c | 50 |\n";
  render(<Markdown text={text} />);
  const table = screen.getByRole("table");
  expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["node", "victims", "highest victim"]);
  expect(within(table).getAllByRole("row")).toHaveLength(3);
  expect(within(table).getByText("low-a").tagName).toBe("CODE");
  expect(document.body.textContent).not.toContain("|---|");
});

test("lists, emphasis and code blocks render as before", () => {
  render(<Markdown text={"1. **first**\n2. *second*\n\n```\nkubectl get pods\n```\n"} />);
  expect(screen.getByRole("list").tagName).toBe("OL");
  expect(screen.getByText("first").tagName).toBe("STRONG");
  expect(screen.getByText("second").tagName).toBe("EM");
  expect(screen.getByText("kubectl get pods").closest("pre")).not.toBeNull();
});

test("a code block that may scroll takes focus as a named region (the arrow keys scroll it)", () => {
  render(<Markdown text={"```\nkubectl get pods --all-namespaces -o wide --sort-by=.metadata.creationTimestamp\n```\n"} />);
  const box = screen.getByRole("region", { name: "Code" });
  expect(box.tagName).toBe("PRE");
  expect(box.tabIndex).toBe(0);
});

test("raw HTML in a description is never rendered as markup", () => {
  const { container } = render(<Markdown text={'Hello <img src=x onerror="alert(1)"> world'} />);
  expect(container.querySelector("img")).toBeNull();
});

test("a link to the glossary is described by the term's definition; other links are not", () => {
  const client = newQueryClient();
  client.setQueryData(queryKeys.glossary("en"), [{ id: "activeq", term: "activeQ", definition: "The heap of pods ready to be tried.", upstream: "" }]);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  render(<Markdown text={"It waits in [activeQ](/glossary#activeq); see [the docs](https://kubernetes.io/)."} />, { wrapper });
  const term = screen.getByRole("link", { name: "activeQ" });
  expect(term.getAttribute("href")).toBe("/glossary#activeq");
  expect(document.getElementById(term.getAttribute("aria-describedby")!)?.textContent).toBe("The heap of pods ready to be tried.");
  expect(screen.getByRole("tooltip", { hidden: true }).textContent).toBe("The heap of pods ready to be tried.");
  expect(screen.getByRole("link", { name: "the docs" }).getAttribute("aria-describedby")).toBeNull();
});
