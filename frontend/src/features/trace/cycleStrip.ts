// One scheduling cycle as upstream's framework runs it: every extension point in order, each
// plugin's status derived from the cycle's events (cycle.filtered, cycle.scored,
// preemption.evaluated, cycle.finished) and the profile in cluster.snapshot. Nothing is invented:
// a point the model does not run says "not modelled", a status no event records says so.
import { nodeStatuses, type Profile } from "@/protocol/events";
import type { CycleRecord } from "@/protocol/state";
import { shortKey } from "@/lib/format";

export type StripStatus =
  | "Success"
  | "Skip"
  | "Unschedulable"
  | "UnschedulableAndUnresolvable"
  | "Wait"
  | "Error"
  | "no status"
  | "not run"
  | "not recorded"
  | "not yet"
  | "not modelled";

export interface PluginCell {
  plugin: string;
  status: StripStatus;
  detail: string;
}

export interface StripPoint {
  point: string;
  /** Scheduling cycle (PreEnqueue/QueueSort happen in the queue before it), or binding cycle. */
  phase: "queue" | "scheduling" | "binding";
  cells: PluginCell[];
  note: string;
}

export const EXTENSION_POINTS = [
  "PreEnqueue",
  "QueueSort",
  "PreFilter",
  "Filter",
  "PostFilter",
  "PreScore",
  "Score",
  "NormalizeScore",
  "Reserve",
  "Permit",
  "PreBind",
  "Bind",
  "PostBind",
] as const;

const NOT_MODELLED: Record<string, string> = {
  Reserve:
    "Not modelled. Upstream's default plugins that reserve here (VolumeBinding, DynamicResources) act on volumes and ResourceClaims, which the playground does not have; Unreserve would undo them on a failure.",
  Permit: "Not modelled: no plugin can make a pod Wait here, so the binding cycle starts at once.",
  PreBind:
    "Not modelled. Upstream's default PreBind plugins (VolumeBinding, DynamicResources) bind volumes and claims, which the playground does not have.",
  PostBind: "Not modelled.",
};

const NOT_YET = "The cycle had not got this far at the shown moment.";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The strip for one cycle. `profile` null: a run recorded before cluster.snapshot carried it. */
export function cycleStrip(record: CycleRecord, profile: Profile | null): StripPoint[] {
  const f = record.filtered;
  const s = record.scored;
  const p = record.preemption;
  const result = record.finished?.result ?? null;
  const names = (list: string[] | undefined, fallback: string[]) => (profile ? (list ?? []) : fallback);
  const each = (plugins: string[], status: StripStatus, detail: string): PluginCell[] => plugins.map((plugin) => ({ plugin, status, detail }));
  const out: StripPoint[] = [];

  out.push({
    point: "PreEnqueue",
    phase: "queue",
    cells: each(names(profile?.preEnqueue, []), "Success", "Let the pod into activeQ: a pod a PreEnqueue plugin rejects waits in the gated lane and never reaches a cycle."),
    note: profile ? "" : "This run was recorded without its profile; the plugins are not known.",
  });
  out.push({
    point: "QueueSort",
    phase: "queue",
    cells: each(names(profile?.queueSort, []), "no status", "Less(): higher priority first, then the earlier queue time; this pod was at the head of activeQ and popped."),
    note: "",
  });

  // ---- PreFilter
  const skipped = new Set(f?.preFilterSkipped ?? []);
  const knownSkips = f?.preFilterSkipped !== undefined;
  let preFilterCells: PluginCell[];
  let preFilterNote = "";
  if (!f) {
    preFilterCells = each(names(profile?.preFilter, []), result ? "not run" : "not yet", result ? "The cycle ended before PreFilter." : NOT_YET);
    preFilterNote = result === "error" ? "The cycle failed with an error before Filter; the FailedScheduling event says which plugin." : result ? "No nodes in the cluster: the cycle fails before PreFilter." : "";
  } else {
    const rej = f.preFilter;
    let stopped = false;
    preFilterCells = names(profile?.preFilter, rej ? [rej.plugin] : []).map((plugin) => {
      if (stopped) return { plugin, status: "not run" as StripStatus, detail: "An earlier PreFilter plugin returned UnschedulableAndUnresolvable, which ends PreFilter." };
      if (rej && plugin === rej.plugin) {
        stopped = rej.code === "UnschedulableAndUnresolvable";
        return { plugin, status: rej.code as StripStatus, detail: rej.reasons.join("; ") };
      }
      if (skipped.has(plugin)) return { plugin, status: "Skip" as StripStatus, detail: "Nothing to check for this pod, so its Filter is skipped this cycle." };
      return { plugin, status: (knownSkips ? "Success" : "not recorded") as StripStatus, detail: knownSkips ? "" : "Success or Skip: this run's events do not say which." };
    });
  }
  out.push({ point: "PreFilter", phase: "scheduling", cells: preFilterCells, note: preFilterNote });

  // ---- Filter
  let filterCells: PluginCell[];
  let filterNote = "";
  if (!f || f.preFilter) {
    filterCells = each(names(profile?.filter, []), f || result ? "not run" : "not yet", f ? "PreFilter rejected the pod, so no node was filtered." : result ? "" : NOT_YET);
  } else {
    const rejectedBy = f.rejectedBy ?? countRejections(f);
    const counted = f.rejectedBy !== undefined || (f.rejected ?? 0) <= Object.keys(f.statuses).length;
    const order = profile ? profile.filter : Object.keys(rejectedBy);
    filterCells = order.map((plugin) => {
      if (skipped.has(plugin)) return { plugin, status: "Skip", detail: "Not run: its PreFilter returned Skip." };
      const codes = rejectedBy[plugin];
      if (!codes) return { plugin, status: "Success", detail: "Passed on every node it ran on." };
      const entries = Object.entries(codes).sort((a, b) => b[1] - a[1]);
      return {
        plugin,
        status: entries[0][0] as StripStatus,
        detail: entries.map(([code, n]) => `${code} on ${counted ? "" : "at least "}${plural(n, "node")}`).join(", ") + ".",
      };
    });
    const feasible = f.feasibleCount ?? f.feasible.length;
    const parts = [`${f.evaluated} of ${f.total} nodes filtered, ${feasible} feasible; a node's plugins stop at the first that rejects it.`];
    if (f.nominatedNode) parts.push(`Nominated node ${f.nominatedNode} was filtered alone first (evaluateNominatedNode)${f.feasible.includes(f.nominatedNode) && f.evaluated === 1 ? " and fits, so no other node was looked at" : ""}.`);
    const twoPass = Object.entries(f.nominatedPods ?? {});
    if (twoPass.length > 0)
      parts.push(
        `Two passes on ${twoPass.map(([n, pods]) => `${n} (+ ${pods.map(shortKey).join(", ")})`).join("; ")}: first with the nominated pods of priority ≥ ${record.podPriority} added, then — only if that passes — without them; the node fits only if both pass (RunFilterPluginsWithNominatedPods).`,
      );
    filterNote = parts.join(" ");
  }
  out.push({ point: "Filter", phase: "scheduling", cells: filterCells, note: filterNote });

  // ---- PostFilter
  let postCells: PluginCell[];
  let postNote = "";
  const postPlugins = names(profile?.postFilter, p ? ["DefaultPreemption"] : []);
  if (result === "scheduled" || record.bound || (f && f.feasible.length > 0)) {
    postCells = each(postPlugins, "not run", "Filter found a node: PostFilter runs only when none fits.");
  } else if (!f || (!result && !p)) {
    postCells = each(postPlugins, result ? "not run" : "not yet", result ? "" : NOT_YET);
  } else {
    let done = false;
    postCells = postPlugins.map((plugin) => {
      if (done) return { plugin, status: "not run", detail: "An earlier PostFilter plugin returned Success." };
      if (plugin === "DefaultPreemption" && p) {
        done = !!p.chosen;
        return p.chosen
          ? { plugin, status: "Success", detail: `Nominated ${p.chosen}; victims: ${(p.victims ?? []).map(shortKey).join(", ") || "none"}.` }
          : { plugin, status: "Unschedulable", detail: p.message || "Preemption is not helpful for scheduling." };
      }
      if (plugin === "DynamicResources") return { plugin, status: "Unschedulable", detail: "no new claims to deallocate (the pod has no ResourceClaims)." };
      return { plugin, status: "not recorded", detail: "No event records this plugin's PostFilter status." };
    });
    if (f.preFilter?.code === "UnschedulableAndUnresolvable" && !p) postNote = "PreFilter's UnschedulableAndUnresolvable left no state for PostFilter; no preemption was attempted.";
  }
  out.push({ point: "PostFilter", phase: "scheduling", cells: postCells, note: postNote });

  // ---- PreScore / Score / NormalizeScore
  const one = f && !f.preFilter && (f.feasibleCount ?? f.feasible.length) === 1;
  const scoreWhy = one ? "Only one node passed Filter: schedulePod returns it without scoring." : "No node passed Filter.";
  const scoring = (point: "PreScore" | "Score" | "NormalizeScore", list: string[] | undefined) => {
    let cells: PluginCell[];
    const pending = !result && !record.bound && (!f || (!f.preFilter && (f.feasibleCount ?? f.feasible.length) > 1));
    if (!s) cells = each(names(list, []), pending ? "not yet" : "not run", pending ? NOT_YET : scoreWhy);
    else
      cells = names(list, Object.keys(s.weights)).map((plugin) => {
        const ran = plugin in s.weights;
        if (point === "PreScore") return { plugin, status: ran ? "Success" : "Skip", detail: ran ? "" : "Nothing to score for this pod: its Score is skipped." };
        if (!ran) return { plugin, status: "not run", detail: "Its PreScore returned Skip." };
        return { plugin, status: "Success", detail: point === "Score" ? `Weight ×${s.weights[plugin]}.` : "Scores mapped to 0–100 before the weight." };
      });
    return { point, phase: "scheduling" as const, cells, note: s && point === "Score" ? `${s.scoredCount ?? Object.keys(s.totals).length} nodes scored; ${s.chosen} had the highest total.` : "" };
  };
  out.push(scoring("PreScore", profile?.preScore));
  out.push(scoring("Score", profile?.score));
  out.push(scoring("NormalizeScore", profile?.normalizeScore));

  // ---- binding side: Reserve, Permit, PreBind, Bind, PostBind
  if (profile && profile.reserve !== undefined) out.push(...bindingSide(record, profile));
  else {
    // Runs recorded before the model ran these points.
    for (const point of ["Reserve", "Permit", "PreBind"]) out.push({ point, phase: "binding", cells: [], note: NOT_MODELLED[point] });
    out.push(bindPoint(record, names(profile?.bind, record.bound ? ["DefaultBinder"] : [])));
    out.push({ point: "PostBind", phase: "binding", cells: [], note: NOT_MODELLED.PostBind });
  }
  return out;
}

const VOLUME_BINDING =
  "Upstream's default profile also has VolumeBinding here; the playground has no volumes, and for a pod without PersistentVolumeClaims it returns Success at once.";

function bindPoint(record: CycleRecord, plugins: string[]): StripPoint {
  const bound = record.bound !== null && record.bound !== undefined;
  const result = record.finished?.result ?? null;
  const waiting = !!record.permitWaiting && !record.permitEnded;
  const status: StripStatus = bound ? "Success" : result || record.permitEnded ? "not run" : "not yet";
  const detail = bound
    ? `Bound to ${record.bound}${record.permitWaiting ? " once Permit allowed it" : " right after the cycle"}.`
    : waiting
      ? "The binding cycle is blocked in WaitOnPermit."
      : result
        ? "The pod was not assigned a node."
        : NOT_YET;
  return { point: "Bind", phase: "binding", cells: plugins.map((plugin) => ({ plugin, status, detail })), note: "" };
}

/** Reserve … PostBind as the model runs them: the node chosen, the pod assumed there, then the waits. */
function bindingSide(record: CycleRecord, profile: Profile): StripPoint[] {
  const bound = record.bound !== null && record.bound !== undefined;
  const waited = record.permitWaiting ?? null;
  const ended = record.permitEnded ?? null;
  const rejected = ended?.kind === "permit.rejected" ? ended : null;
  const node = waited?.node ?? record.bound ?? null;
  const reached = bound || !!waited; // the scheduling cycle chose a node and assumed the pod there
  const over = !!record.finished;
  const cells = (plugins: string[] | undefined, status: StripStatus, detail: string): PluginCell[] =>
    (plugins ?? []).map((plugin) => ({ plugin, status, detail }));
  const notReached: [StripStatus, string] = over ? ["not run", "No node was chosen: the binding side never started."] : ["not yet", NOT_YET];

  const reserve: StripPoint = {
    point: "Reserve",
    phase: "binding",
    cells: reached
      ? cells(profile.reserve, "Success", `The pod is assumed on ${node}; no ResourceClaims, so nothing to reserve.`)
      : cells(profile.reserve, ...notReached),
    note: [VOLUME_BINDING, rejected ? `The wait ended in a rejection: Unreserve ran for every Reserve plugin in reverse order and the pod was forgotten from ${node} (its resources freed).` : ""]
      .filter(Boolean)
      .join(" "),
  };

  let permitCells: PluginCell[];
  if (!reached) permitCells = cells(profile.permit, ...notReached);
  else
    permitCells = (profile.permit ?? []).map((plugin) => {
      const wait = waited?.plugins[plugin];
      if (wait === undefined) return { plugin, status: "Success", detail: "Nothing to wait for: the pod does not match its gate." };
      if (rejected && rejected.plugin === plugin) return { plugin, status: "Unschedulable", detail: `Wait (up to ${wait}s), then rejected at t=${rejected.t}: ${rejected.message}` };
      if (rejected) return { plugin, status: "Wait", detail: `Wait (up to ${wait}s); the pod was rejected by ${rejected.plugin || "its deletion"} at t=${rejected.t}: ${rejected.message}` };
      if (ended) return { plugin, status: "Wait", detail: `Wait (up to ${wait}s), allowed at t=${ended.t}.` };
      return { plugin, status: "Wait", detail: `Waiting on ${node} until allowed, rejected, or the timeout at t=${waited!.until}.` };
    });
  const permit: StripPoint = {
    point: "Permit",
    phase: "binding",
    cells: permitCells,
    note: (profile.permit ?? []).length === 0 ? "No Permit plugin in this profile (upstream's default profile has none): nothing makes the pod wait, the binding cycle starts at once." : "",
  };

  const bindingGoesOn = bound;
  const preBindStatus: [StripStatus, string] = bindingGoesOn
    ? ["Success", "No ResourceClaims to allocate."]
    : rejected
      ? ["not run", "The wait ended in a rejection; the binding cycle stopped there."]
      : waited && !ended
        ? ["not yet", "The binding cycle is blocked in WaitOnPermit."]
        : notReached;
  const preBind: StripPoint = { point: "PreBind", phase: "binding", cells: cells(profile.preBind, ...preBindStatus), note: VOLUME_BINDING };
  const postBind: StripPoint = {
    point: "PostBind",
    phase: "binding",
    cells: cells(profile.postBind, bound ? "Success" : "not run", ""),
    note: (profile.postBind ?? []).length === 0 ? "No PostBind plugin in this profile (upstream's default profile has none)." : "",
  };
  return [reserve, permit, preBind, bindPoint(record, profile.bind), postBind];
}

/** Rejections per plugin and code from the (possibly capped) per-node statuses: runs recorded without `rejectedBy`. */
function countRejections(f: NonNullable<CycleRecord["filtered"]>): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const [, st] of nodeStatuses(f)) {
    const codes = (out[st.plugin] ??= {});
    codes[st.code] = (codes[st.code] ?? 0) + 1;
  }
  return out;
}
