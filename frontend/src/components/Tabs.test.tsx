import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, expect, test } from "vitest";
import { rovingTarget, tabPanelProps, Tabs } from "./Tabs";

afterEach(cleanup);

const TABS = [
  { value: "forms", label: "Forms" },
  { value: "yaml", label: "YAML" },
  { value: "import", label: "Import" },
] as const;

function Editor() {
  const [tab, setTab] = useState<string>("forms");
  return (
    <>
      <Tabs label="Editor view" idBase="t" tabs={TABS} selected={tab} onSelect={setTab} />
      <div {...tabPanelProps("t", tab)}>{tab} panel</div>
    </>
  );
}

test.each([
  ["ArrowRight", 0, 1],
  ["ArrowRight", 2, 0],
  ["ArrowLeft", 0, 2],
  ["ArrowLeft", 2, 1],
  ["Home", 2, 0],
  ["End", 0, 2],
  ["Enter", 1, null],
])("%s from tab %i moves to %s", (key, from, to) => {
  expect(rovingTarget(key, from, 3)).toBe(to);
});

test("the arrow keys select the next tab and take the focus there; only the selected tab is a tab stop", () => {
  render(<Editor />);
  const [forms, yaml, imports] = screen.getAllByRole("tab");
  expect([forms.tabIndex, yaml.tabIndex, imports.tabIndex]).toEqual([0, -1, -1]);
  forms.focus();
  fireEvent.keyDown(forms, { key: "ArrowRight" });
  expect(yaml.getAttribute("aria-selected")).toBe("true");
  expect(document.activeElement).toBe(yaml);
  expect([forms.tabIndex, yaml.tabIndex]).toEqual([-1, 0]);
  expect(screen.getByRole("tabpanel", { name: "YAML" }).textContent).toBe("yaml panel");

  fireEvent.keyDown(yaml, { key: "End" });
  expect(document.activeElement).toBe(imports);
  fireEvent.keyDown(imports, { key: "ArrowRight" });
  expect(document.activeElement).toBe(forms);
  expect(screen.getByRole("tabpanel", { name: "Forms" })).toBeTruthy();
});

test("each tab names the panel it controls, and the panel is labelled by its tab", () => {
  render(<Editor />);
  const forms = screen.getByRole("tab", { name: "Forms" });
  const panel = screen.getByRole("tabpanel");
  expect(forms.getAttribute("aria-controls")).toBe(panel.id);
  expect(panel.getAttribute("aria-labelledby")).toBe(forms.id);
});
