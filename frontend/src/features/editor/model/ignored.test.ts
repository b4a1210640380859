import { describe, expect, it } from "vitest";
import { notesToShow } from "./ignored";
import { FORM_IMAGE, newNode, newPod, setIn } from "./manifest";

const note = (i: number, name: string, path: string) => `pods[${i}] (Pod default/${name}): ${path} is not modelled and was ignored`;

describe("notesToShow", () => {
  const objects = [newNode("n1"), newPod("form"), setIn(newPod("mine"), "spec.containers.0.image", "nginx:1.27")];

  it("drops the note about the image the form put in, keeps one about an image somebody wrote", () => {
    const ignored = [note(0, "form", "spec.containers[0].image"), note(1, "mine", "spec.containers[0].image")];
    expect(notesToShow(ignored, objects)).toEqual([note(1, "mine", "spec.containers[0].image")]);
  });

  it("keeps every note about other fields, even on a form-made pod", () => {
    const ignored = [note(0, "form", "spec.volumes"), "priorityclasses[0] (PriorityClass x): description is not modelled"];
    expect(notesToShow(ignored, objects)).toEqual(ignored);
  });

  it("uses the form's image constant", () => {
    expect(newPod("p")).toMatchObject({ spec: { containers: [{ image: FORM_IMAGE }] } });
  });
});
