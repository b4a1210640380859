// For tests of a page rendered in Chinese (issue 32): the English the page still writes itself.
// Kubernetes' own texts stay as they are, so a page marks them, and the checker skips them:
//   - translate="no" (HTML's own "do not translate this", which browser translators obey too):
//     object names, kinds, field names, event reasons and messages, kubectl output;
//   - data-k8s-verbatim, the same for a place where translate="no" does not fit;
//   - lang="en…": text the page knows is English and says so (a server's error message, a lesson
//     not yet translated), so screen readers read it as English;
//   - <code>, <pre>, <kbd>, <samp>, <var>, <textarea> (YAML, commands), and input values.
// What is left is checked word by word: identifiers and quantities pass (500m, 2Gi, v1.34,
// node-1, priorityClassName, PriorityClass, NoSchedule, kube-scheduler, CPU, YAML), as do the
// Kubernetes words Chinese Kubernetes docs keep in Latin letters (Pod, Node, Job, Filter…);
// any other Latin word of two letters or more is English.

const SKIPPED_TAGS = new Set(["CODE", "PRE", "KBD", "SAMP", "VAR", "TEXTAREA", "SCRIPT", "STYLE", "TEMPLATE"]);
const TEXT_ATTRIBUTES = ["aria-label", "aria-description", "aria-valuetext", "aria-roledescription", "title", "placeholder", "alt"] as const;

/** Kinds, extension points and pod phases: written in Latin letters in Chinese Kubernetes docs. */
export const KUBERNETES_WORDS: ReadonlySet<string> = new Set([
  ...["Pod", "Pods", "Node", "Nodes", "Namespace", "Namespaces", "Job", "Jobs", "Deployment", "Deployments", "Service", "Lease", "Event", "Events"],
  ...["ReplicaSet", "StatefulSet", "DaemonSet", "PriorityClass", "PodDisruptionBudget"],
  ...["Filter", "Score", "Permit", "Reserve", "Bind", "PreFilter", "PostFilter", "PreScore", "PreBind", "PostBind", "QueueSort"],
  ...["Pending", "Running", "Succeeded", "Failed", "Unknown", "Terminating"],
  ...["kubectl", "kubeconfig", "kubelet", "etcd"],
]);

function skipped(element: Element): boolean {
  return (
    SKIPPED_TAGS.has(element.tagName) ||
    element.getAttribute("translate") === "no" ||
    element.hasAttribute("data-k8s-verbatim") ||
    /^en\b/i.test(element.getAttribute("lang") ?? "")
  );
}

/** A word that is a name, a quantity or a notation rather than English prose. */
export function isIdentifier(word: string): boolean {
  return (
    /\d/.test(word) || // 500m, 2Gi, v1.34, node-1, t=1.0s
    /[A-Za-z][._/:=\-|*@#<>+~\\][A-Za-z0-9*]/.test(word) || // kube-scheduler, nvidia.com/gpu, key=value, spec.unschedulable
    /[a-z][A-Z]/.test(word) || // priorityClassName, PriorityClass, NoSchedule
    /^[A-Z]{2,}s?$/.test(word) || // CPU, YAML, API, PDBs
    KUBERNETES_WORDS.has(word)
  );
}

const TRIM = /^[^A-Za-z0-9*]+|[^A-Za-z0-9*%]+$/g;

/** The English words of a text (empty when it has none). */
export function englishWords(text: string): string[] {
  return text
    .split(/[\s\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef,;()[\]{}"“”‘’«»·—–…!?]+/)
    .map((token) => token.replace(TRIM, ""))
    .filter((word) => /[A-Za-z]{2,}/.test(word) && !isIdentifier(word));
}

function describe(text: string, where: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return `${clean.length > 100 ? `${clean.slice(0, 100)}…` : clean}${where}`;
}

/**
 * Every text and accessible-name attribute of `container` that holds English outside what is marked
 * verbatim, as short snippets ("Save", "Remove [aria-label on button]"); [] when there is none.
 */
export function englishOutsideVerbatim(container: HTMLElement): string[] {
  const out: string[] = [];
  const visit = (element: Element) => {
    if (skipped(element)) return;
    for (const name of TEXT_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value && englishWords(value).length) out.push(describe(value, ` [${name} on ${element.tagName.toLowerCase()}]`));
    }
    for (const node of Array.from(element.childNodes)) {
      if (node.nodeType === Node.TEXT_NODE) {
        const text = node.textContent ?? "";
        if (englishWords(text).length) out.push(describe(text, ""));
      } else if (node.nodeType === Node.ELEMENT_NODE) visit(node as Element);
    }
  };
  visit(container);
  return out;
}
