// Which "accepted but not modelled" notes of a saved scenario to show. The form fills in a
// container image (the API requires one; the scheduler model does not read it): a note about
// the form's own image is noise, a note about an image somebody wrote is worth showing.
import { FORM_IMAGE, getIn, kindOf, type Manifest } from "./manifest";

const IMAGE_NOTE = /^pods\[(\d+)\] \(Pod [^)]*\): spec\.(containers|initContainers)\[(\d+)\]\.image is not modelled and was ignored$/;

export function notesToShow(ignored: readonly string[], objects: readonly Manifest[]): string[] {
  const pods = objects.filter((o) => kindOf(o) === "Pod");
  return ignored.filter((note) => {
    const m = IMAGE_NOTE.exec(note);
    if (!m) return true;
    const pod = pods[Number(m[1])];
    return !pod || getIn(pod, `spec.${m[2]}.${m[3]}.image`) !== FORM_IMAGE;
  });
}
