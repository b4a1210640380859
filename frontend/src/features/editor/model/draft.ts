import type { Scenario, ScenarioSettings, Visibility } from "../api";
import { newNode, newPod, newPriorityClass, setIn, type Manifest } from "./manifest";

/** What the editor edits: the saved scenario's fields, changed locally until Save. */
export interface Draft {
  title: string;
  description: string;
  visibility: Visibility;
  objects: Manifest[];
  settings: ScenarioSettings;
}

export function starterDraft(): Draft {
  const n1 = newNode("node-1");
  return {
    title: "My cluster",
    description: "",
    visibility: "unlisted",
    objects: [n1, newPriorityClass("low", 100), newPriorityClass("high", 1000), setIn(newPod("web"), "spec.priorityClassName", "low")],
    settings: { seed: 1 },
  };
}

export function draftOf(s: Scenario): Draft {
  return { title: s.title, description: s.description, visibility: s.visibility, objects: s.objects, settings: s.settings ?? {} };
}
