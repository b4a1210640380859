import { describe, expect, it } from "vitest";
import { englishOutsideVerbatim, englishWords } from "./englishText";

function page(html: string): HTMLElement {
  const div = document.createElement("div");
  div.innerHTML = html;
  return div;
}

describe("englishOutsideVerbatim", () => {
  it.each([
    ["a button in English", "<button>Save</button>", ["Save"]],
    ["an English accessible name", '<button aria-label="Remove node">删除</button>', ["Remove node [aria-label on button]"]],
    ["an English placeholder", '<input placeholder="search (1,200)">', ["search (1,200) [placeholder on input]"]],
    ["an English option", "<select><option>保存</option><option>private (only me)</option></select>", ["private (only me)"]],
    ["English inside a Chinese sentence", "<p>添加 3 个 like this</p>", ["添加 3 个 like this"]],
  ])("finds %s", (_what, html, expected) => {
    expect(englishOutsideVerbatim(page(html))).toEqual(expected);
  });

  it.each([
    ["Chinese with Kubernetes words and quantities", "<p>为 Pod web-1 请求 500m CPU 和 2Gi 内存（v1.34，kube-scheduler）</p>"],
    ["field names and notations", "<label>priorityClassName</label><small>key=value:NoSchedule，nvidia.com/gpu=2</small>"],
    ["translate=no", '<h4 translate="no">high priority web</h4><span translate="no" aria-label="Node big">x</span>'],
    ["data-k8s-verbatim", '<p data-k8s-verbatim>0/3 nodes are available: 3 Insufficient cpu.</p>'],
    ["text declared English", '<p role="alert" lang="en">username: "x" is reserved</p>'],
    ["code, pre, kbd and textarea", "<code>kubectl get pods</code><pre>kind: Pod</pre><kbd>Space</kbd><textarea>apiVersion: v1</textarea>"],
    ["symbols and numbers", "<span>— · … → 12,345 (#2)</span>"],
  ])("passes %s", (_what, html) => {
    expect(englishOutsideVerbatim(page(html))).toEqual([]);
  });

  it("checks the text of a verbatim element's siblings", () => {
    expect(englishOutsideVerbatim(page('<p><code>spec.nodeName</code> is set</p>'))).toEqual(["is set"]);
  });
});

describe("englishWords", () => {
  it("keeps only the English, not names or quantities", () => {
    expect(englishWords("Add 3 like node-1 (PriorityClass high)")).toEqual(["Add", "like", "high"]);
  });
});
