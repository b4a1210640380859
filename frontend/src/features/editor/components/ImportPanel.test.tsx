import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { ImportPanel } from "./ImportPanel";

afterEach(cleanup);

// jsdom's File has no text() (browsers do): read it as the browser would.
if (!("text" in File.prototype)) {
  Object.defineProperty(File.prototype, "text", {
    value(this: File) {
      return new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(this);
      });
    },
  });
}

const choose = (content: string, name = "cluster.yaml") => {
  const file = new File([content], name, { type: "application/yaml" });
  fireEvent.change(screen.getByLabelText("…or choose a YAML file"), { target: { files: [file] } });
};

test("a small file is shown in the text box to read or edit before importing", async () => {
  const onImport = vi.fn();
  render(<ImportPanel onImport={onImport} busy={false} />);
  choose("kind: Node\n");
  await waitFor(() => expect(screen.getByLabelText(/YAML to import/)).toHaveProperty("value", "kind: Node\n"));
  fireEvent.click(screen.getByRole("button", { name: "Import as new scenario" }));
  expect(onImport).toHaveBeenCalledWith("kind: Node\n");
});

test("a big file is imported as it is, without filling the text box; typing replaces it", async () => {
  const onImport = vi.fn();
  render(<ImportPanel onImport={onImport} busy={false} />);
  const big = "kind: Node\n" + "#".repeat(300 * 1024) + "\n";
  choose(big);
  await screen.findByText(/cluster\.yaml \(0\.3 MB\) will be imported as it is/);
  expect(screen.getByLabelText(/YAML to import/)).toHaveProperty("value", "");
  fireEvent.click(screen.getByRole("button", { name: "Import as new scenario" }));
  expect(onImport).toHaveBeenLastCalledWith(big);
  fireEvent.change(screen.getByLabelText(/YAML to import/), { target: { value: "kind: Pod\n" } });
  expect(screen.queryByText(/will be imported as it is/)).toBeNull();
  fireEvent.click(screen.getByRole("button", { name: "Import as new scenario" }));
  expect(onImport).toHaveBeenLastCalledWith("kind: Pod\n");
});
