import { describe, expect, test } from "vitest";
import { copiesOf, getIn, newNamespace, newNode, newPod, setIn, type Manifest } from "./manifest";
import { objectsToYaml, yamlToObjects } from "./yamlSync";
import { mapErrors } from "./errors";
import { textToMap, textToTaints, textToTolerations, tolerationsToText } from "./textFields";

describe("form ↔ YAML sync", () => {
  test("a form edit shows up in the YAML and parses back to the same objects", () => {
    const objects = [newNode("node-1"), setIn(newPod("web"), "spec.containers[0].resources.requests.cpu", "2")];
    const yaml = objectsToYaml(objects);
    expect(yaml).toContain("cpu: \"2\"");
    expect(yaml.split("---\n")).toHaveLength(2);
    const back = yamlToObjects(yaml);
    expect(back).toEqual({ ok: true, objects });
  });

  test("a YAML edit reaches the form fields", () => {
    const yaml = objectsToYaml([newNode("node-1")]).replace('cpu: "4"', 'cpu: "16"');
    const back = yamlToObjects(yaml);
    expect(back.ok && getIn(back.objects[0], "status.allocatable.cpu")).toBe("16");
  });

  test("broken YAML reports the line and leaves the objects alone", () => {
    const res = yamlToObjects("kind: Node\nmetadata:\n  name: [unclosed\n");
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.line).toBeGreaterThan(0);
  });

  test("a document that is not a mapping is rejected", () => {
    expect(yamlToObjects("- a\n- b\n").ok).toBe(false);
  });

  test("empty documents are skipped", () => {
    const res = yamlToObjects("---\nkind: Node\n---\n");
    expect(res).toEqual({ ok: true, objects: [{ kind: "Node" }] });
  });
});

describe("setIn", () => {
  test("creates missing parents, including list items", () => {
    expect(setIn({}, "spec.containers[0].name", "c")).toEqual({ spec: { containers: [{ name: "c" }] } });
  });

  test("clearing a field removes it and its now-empty parents", () => {
    const pod = setIn({ metadata: { name: "p" } } as Manifest, "spec.nodeSelector.zone", "a");
    expect(setIn(pod, "spec.nodeSelector.zone", "")).toEqual({ metadata: { name: "p" } });
  });

  test("does not modify the original", () => {
    const node = newNode("n");
    setIn(node, "status.allocatable.cpu", "8");
    expect(getIn(node, "status.allocatable.cpu")).toBe("4");
  });
});

test("copies get the next free names", () => {
  const copies = copiesOf(newNode("node-1"), 2, new Set(["node-1", "node-2"]));
  expect(copies.map((c) => getIn(c, "metadata.name"))).toEqual(["node-3", "node-4"]);
});

describe("error envelope mapping", () => {
  const objects = [newNode("n1"), newPod("a"), newNode("n2"), newPod("b")];

  test("pods[1] names the second Pod, not the second object", () => {
    const mapped = mapErrors(
      [{ field: "pods[1].spec.containers[0].resources.requests.cpu", value: "2 cores", message: "\"2 cores\" is not a valid quantity" }],
      objects,
    );
    expect(mapped.byObject[3]).toEqual({ "spec.containers[0].resources.requests.cpu": "\"2 cores\" is not a valid quantity" });
  });

  test("namespaces[0] names the first Namespace", () => {
    const withNs = [...objects, newNamespace("Bad_Name")];
    const mapped = mapErrors([{ field: "namespaces[0].metadata.name", value: "Bad_Name", message: "not a DNS-1123 label" }], withNs);
    expect(mapped.byObject[4]).toEqual({ "metadata.name": "not a DNS-1123 label" });
  });

  test("the document index wins when the API gives one", () => {
    const mapped = mapErrors([{ field: "nodes[0].metadata.name", message: "bad", document: 2 } as never], objects);
    expect(mapped.byObject[2]).toEqual({ "metadata.name": "bad" });
  });

  test("request fields stay by name and unlocated errors are kept", () => {
    const mapped = mapErrors(
      [
        { field: "settings.seed", message: "must be an integer" },
        { field: "", message: "something else" },
      ],
      objects,
    );
    expect(mapped.fields).toEqual({ "settings.seed": "must be an integer" });
    expect(mapped.other).toEqual(["something else"]);
  });
});

describe("one-line notations", () => {
  test("labels", () => expect(textToMap("app=web, tier = db")).toEqual({ app: "web", tier: "db" }));
  test("taints default to NoSchedule", () =>
    expect(textToTaints("gpu=true, dedicated=infra:NoExecute")).toEqual([
      { key: "gpu", value: "true", effect: "NoSchedule" },
      { key: "dedicated", value: "infra", effect: "NoExecute" },
    ]));
  test("tolerations round-trip", () => {
    const text = "dedicated=infra:NoSchedule, gpu:Exists";
    expect(tolerationsToText(textToTolerations(text))).toBe(text);
  });
});
