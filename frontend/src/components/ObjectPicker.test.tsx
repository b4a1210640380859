import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { ObjectPicker, SELECT_AT_MOST } from "./ObjectPicker";

afterEach(cleanup);

const pods = (n: number) => Array.from({ length: n }, (_, i) => ({ value: `default/pod-${String(i).padStart(5, "0")}`, label: `pod-${String(i).padStart(5, "0")}` }));

test("a small cluster gets a select listing every choice", () => {
  const onChange = vi.fn();
  const all = pods(3);
  render(<ObjectPicker id="p" value="" onChange={onChange} count={all.length} choices={() => all} placeholder="choose…" />);
  expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["choose…", "pod-00000", "pod-00001", "pod-00002"]);
  fireEvent.change(screen.getByRole("combobox"), { target: { value: "default/pod-00002" } });
  expect(onChange).toHaveBeenCalledWith("default/pod-00002");
});

test("a big cluster gets a search box: choices are listed only when it is used, 50 matches at most", () => {
  const all = pods(10_000);
  const choices = vi.fn(() => all);
  const onChange = vi.fn();
  const { container, rerender } = render(<ObjectPicker id="p" value="" onChange={onChange} count={all.length} choices={choices} placeholder="pod name" />);
  expect(SELECT_AT_MOST).toBeLessThan(all.length);
  expect(choices).not.toHaveBeenCalled();
  rerender(<ObjectPicker id="p" value="" onChange={onChange} count={all.length} choices={() => all} placeholder="pod name" />);
  const box = screen.getByPlaceholderText("pod name (10,000)");
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: "pod-0012" } });
  const listed = [...container.querySelectorAll("datalist option")].map((o) => o.getAttribute("value"));
  expect(listed).toHaveLength(10);
  expect(listed[0]).toBe("default/pod-00120");
  expect(onChange).toHaveBeenLastCalledWith(""); // not a whole name yet
  fireEvent.change(box, { target: { value: "default/pod-00123" } });
  expect(onChange).toHaveBeenLastCalledWith("default/pod-00123");
  fireEvent.change(box, { target: { value: "pod-0" } });
  expect(container.querySelectorAll("datalist option")).toHaveLength(50);
});

test("a SelectField with more than 200 options (a pod's Placement among 1,000 nodes) is a search box under the same label", async () => {
  const { SelectField } = await import("./Field");
  const onChange = vi.fn();
  const options = [{ value: "", label: "(pending)" }, ...Array.from({ length: 1000 }, (_, i) => ({ value: `node-${i}`, label: `already running on node-${i}` }))];
  render(<SelectField label="Placement" value="" options={options} onChange={onChange} />);
  const box = screen.getByLabelText("Placement");
  expect(box.tagName).toBe("INPUT");
  expect(box.getAttribute("placeholder")).toBe("(pending) (1,000)");
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: "node-999" } });
  expect(onChange).toHaveBeenLastCalledWith("node-999");
});
