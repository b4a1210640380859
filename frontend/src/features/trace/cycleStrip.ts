// One scheduling cycle as upstream's framework runs it: every extension point in order, each
// plugin's status derived from the cycle's events (cycle.filtered, cycle.scored,
// preemption.evaluated, cycle.finished) and the profile in cluster.snapshot. Nothing is invented:
// a point the model does not run says "not modelled", a status no event records says so.
import i18n from "@/i18n";
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
  /** In the reader's language. */
  detail: string;
  /** The plugin's own reason or message, as kube-scheduler wrote it (never translated). */
  upstream?: string;
}

export interface StripPoint {
  point: string;
  /** Scheduling cycle (PreEnqueue/QueueSort happen in the queue before it), or binding cycle. */
  phase: "queue" | "scheduling" | "binding";
  cells: PluginCell[];
  /** In the reader's language. */
  note: string;
  /** The point is one the model does not run (the note says why). */
  notModelled?: boolean;
}

/** The strip's words, in the reader's language (the catalogs' run.strip). */
const S = (key: string, values?: Record<string, unknown>): string => i18n.t(`run.strip.${key}`, values);

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

/** Why a point the model does not run is not modelled: run.strip.notModelled.<point>. */
const notModelled = (point: string) => S(`notModelled.${point}`);

/** The strip for one cycle. `profile` null: a run recorded before cluster.snapshot carried it. */
export function cycleStrip(record: CycleRecord, profile: Profile | null): StripPoint[] {
  const f = record.filtered;
  const s = record.scored;
  const p = record.preemption;
  const result = record.finished?.result ?? null;
  const names = (list: string[] | undefined, fallback: string[]) => (profile ? (list ?? []) : fallback);
  const each = (plugins: string[], status: StripStatus, detail: string): PluginCell[] => plugins.map((plugin) => ({ plugin, status, detail }));
  const out: StripPoint[] = [];
  const NOT_YET = S("notYet");

  out.push({
    point: "PreEnqueue",
    phase: "queue",
    cells: each(names(profile?.preEnqueue, []), "Success", S("preEnqueue")),
    note: profile ? "" : S("noProfile"),
  });
  out.push({
    point: "QueueSort",
    phase: "queue",
    cells: each(names(profile?.queueSort, []), "no status", S("queueSort")),
    note: "",
  });

  // ---- PreFilter
  const skipped = new Set(f?.preFilterSkipped ?? []);
  const knownSkips = f?.preFilterSkipped !== undefined;
  let preFilterCells: PluginCell[];
  let preFilterNote = "";
  if (!f) {
    preFilterCells = each(names(profile?.preFilter, []), result ? "not run" : "not yet", result ? S("endedBeforePreFilter") : NOT_YET);
    preFilterNote = result === "error" ? S("errorBeforeFilter") : result ? S("noNodes") : "";
  } else {
    const rej = f.preFilter;
    let stopped = false;
    preFilterCells = names(profile?.preFilter, rej ? [rej.plugin] : []).map((plugin) => {
      if (stopped) return { plugin, status: "not run" as StripStatus, detail: S("preFilterStopped") };
      if (rej && plugin === rej.plugin) {
        stopped = rej.code === "UnschedulableAndUnresolvable";
        return { plugin, status: rej.code as StripStatus, detail: "", upstream: rej.reasons.join("; ") };
      }
      if (skipped.has(plugin)) return { plugin, status: "Skip" as StripStatus, detail: S("preFilterSkip") };
      return { plugin, status: (knownSkips ? "Success" : "not recorded") as StripStatus, detail: knownSkips ? "" : S("successOrSkip") };
    });
  }
  out.push({ point: "PreFilter", phase: "scheduling", cells: preFilterCells, note: preFilterNote });

  // ---- Filter
  let filterCells: PluginCell[];
  let filterNote = "";
  if (!f || f.preFilter) {
    filterCells = each(names(profile?.filter, []), f || result ? "not run" : "not yet", f ? S("preFilterRejected") : result ? "" : NOT_YET);
  } else {
    const rejectedBy = f.rejectedBy ?? countRejections(f);
    const counted = f.rejectedBy !== undefined || (f.rejected ?? 0) <= Object.keys(f.statuses).length;
    const order = profile ? profile.filter : Object.keys(rejectedBy);
    filterCells = order.map((plugin) => {
      if (skipped.has(plugin)) return { plugin, status: "Skip", detail: S("filterSkip") };
      const codes = rejectedBy[plugin];
      if (!codes) return { plugin, status: "Success", detail: S("passedEverywhere") };
      const entries = Object.entries(codes).sort((a, b) => b[1] - a[1]);
      return {
        plugin,
        status: entries[0][0] as StripStatus,
        detail: S("codesSentence", { codes: entries.map(([code, count]) => S(counted ? "codeOnNodes" : "codeOnAtLeast", { code, count })).join(i18n.language.startsWith("zh") ? "，" : ", ") }),
      };
    });
    const feasible = f.feasibleCount ?? f.feasible.length;
    const parts = [S("filtered", { evaluated: f.evaluated, total: f.total, feasible })];
    if (f.nominatedNode) parts.push(S(f.feasible.includes(f.nominatedNode) && f.evaluated === 1 ? "nominatedAloneFits" : "nominatedAlone", { node: f.nominatedNode }));
    const twoPass = Object.entries(f.nominatedPods ?? {});
    if (twoPass.length > 0)
      parts.push(S("twoPasses", { nodes: twoPass.map(([n, pods]) => `${n} (+ ${pods.map(shortKey).join(", ")})`).join("; "), priority: record.podPriority }));
    filterNote = parts.join(" ");
  }
  out.push({ point: "Filter", phase: "scheduling", cells: filterCells, note: filterNote });

  // ---- PostFilter
  let postCells: PluginCell[];
  let postNote = "";
  const postPlugins = names(profile?.postFilter, p ? ["DefaultPreemption"] : []);
  if (result === "scheduled" || record.bound || (f && f.feasible.length > 0)) {
    postCells = each(postPlugins, "not run", S("filterFound"));
  } else if (!f || (!result && !p)) {
    postCells = each(postPlugins, result ? "not run" : "not yet", result ? "" : NOT_YET);
  } else {
    let done = false;
    postCells = postPlugins.map((plugin) => {
      if (done) return { plugin, status: "not run", detail: S("postFilterDone") };
      if (plugin === "DefaultPreemption" && p) {
        done = !!p.chosen;
        return p.chosen
          ? { plugin, status: "Success", detail: S("nominated", { node: p.chosen, victims: (p.victims ?? []).map(shortKey).join(", ") || S("none") }) }
          : { plugin, status: "Unschedulable", detail: "", upstream: p.message || "Preemption is not helpful for scheduling." };
      }
      // Upstream's DynamicResources PostFilter message for a pod without claims.
      if (plugin === "DynamicResources") return { plugin, status: "Unschedulable", detail: S("noClaimsOfItsOwn"), upstream: "no new claims to deallocate" };
      return { plugin, status: "not recorded", detail: S("postFilterNotRecorded") };
    });
    if (f.preFilter?.code === "UnschedulableAndUnresolvable" && !p) postNote = S("noPostFilterState");
  }
  out.push({ point: "PostFilter", phase: "scheduling", cells: postCells, note: postNote });

  // ---- PreScore / Score / NormalizeScore
  const one = f && !f.preFilter && (f.feasibleCount ?? f.feasible.length) === 1;
  const scoreWhy = one ? S("onlyOne") : S("noneFeasible");
  const scoring = (point: "PreScore" | "Score" | "NormalizeScore", list: string[] | undefined) => {
    let cells: PluginCell[];
    const pending = !result && !record.bound && (!f || (!f.preFilter && (f.feasibleCount ?? f.feasible.length) > 1));
    if (!s) cells = each(names(list, []), pending ? "not yet" : "not run", pending ? NOT_YET : scoreWhy);
    else
      cells = names(list, Object.keys(s.weights)).map((plugin) => {
        const ran = plugin in s.weights;
        if (point === "PreScore") return { plugin, status: ran ? "Success" : "Skip", detail: ran ? "" : S("preScoreSkip") };
        if (!ran) return { plugin, status: "not run", detail: S("scoreSkipped") };
        return { plugin, status: "Success", detail: point === "Score" ? S("weight", { weight: s.weights[plugin] }) : S("normalized") };
      });
    return { point, phase: "scheduling" as const, cells, note: s && point === "Score" ? S("scored", { count: s.scoredCount ?? Object.keys(s.totals).length, node: s.chosen }) : "" };
  };
  out.push(scoring("PreScore", profile?.preScore));
  out.push(scoring("Score", profile?.score));
  out.push(scoring("NormalizeScore", profile?.normalizeScore));

  // ---- binding side: Reserve, Permit, PreBind, Bind, PostBind
  if (profile && profile.reserve !== undefined) out.push(...bindingSide(record, profile));
  else {
    // Runs recorded before the model ran these points.
    for (const point of ["Reserve", "Permit", "PreBind"]) out.push({ point, phase: "binding", cells: [], note: notModelled(point), notModelled: true });
    out.push(bindPoint(record, names(profile?.bind, record.bound ? ["DefaultBinder"] : [])));
    out.push({ point: "PostBind", phase: "binding", cells: [], note: notModelled("PostBind"), notModelled: true });
  }
  return out;
}


function bindPoint(record: CycleRecord, plugins: string[]): StripPoint {
  const bound = record.bound !== null && record.bound !== undefined;
  const result = record.finished?.result ?? null;
  const waiting = !!record.permitWaiting && !record.permitEnded;
  const status: StripStatus = bound ? "Success" : result || record.permitEnded ? "not run" : "not yet";
  const detail = bound
    ? S(record.permitWaiting ? "boundAfterPermit" : "boundAtOnce", { node: record.bound })
    : waiting
      ? S("blockedOnPermit")
      : result
        ? S("notAssigned")
        : S("notYet");
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
  const notReached: [StripStatus, string] = over ? ["not run", S("bindingNeverStarted")] : ["not yet", S("notYet")];
  const VOLUME_BINDING = S("volumeBinding");

  const reserve: StripPoint = {
    point: "Reserve",
    phase: "binding",
    cells: reached
      ? cells(profile.reserve, "Success", S("assumed", { node }))
      : cells(profile.reserve, ...notReached),
    note: [VOLUME_BINDING, rejected ? S("unreserved", { node }) : ""]
      .filter(Boolean)
      .join(" "),
  };

  let permitCells: PluginCell[];
  if (!reached) permitCells = cells(profile.permit, ...notReached);
  else
    permitCells = (profile.permit ?? []).map((plugin) => {
      const wait = waited?.plugins[plugin];
      if (wait === undefined) return { plugin, status: "Success", detail: S("noGate") };
      if (rejected && rejected.plugin === plugin) return { plugin, status: "Unschedulable", detail: S("waitRejected", { wait, t: rejected.t }), upstream: rejected.message };
      if (rejected) return { plugin, status: "Wait", detail: S("waitRejectedBy", { wait, by: rejected.plugin || S("itsDeletion"), t: rejected.t }), upstream: rejected.message };
      if (ended) return { plugin, status: "Wait", detail: S("waitAllowed", { wait, t: ended.t }) };
      return { plugin, status: "Wait", detail: S("waiting", { node, until: waited!.until }) };
    });
  const permit: StripPoint = {
    point: "Permit",
    phase: "binding",
    cells: permitCells,
    note: (profile.permit ?? []).length === 0 ? S("noPermit") : "",
  };

  const bindingGoesOn = bound;
  const preBindStatus: [StripStatus, string] = bindingGoesOn
    ? ["Success", S("noClaims")]
    : rejected
      ? ["not run", S("stoppedAtRejection")]
      : waited && !ended
        ? ["not yet", S("blockedOnPermit")]
        : notReached;
  const preBind: StripPoint = { point: "PreBind", phase: "binding", cells: cells(profile.preBind, ...preBindStatus), note: VOLUME_BINDING };
  const postBind: StripPoint = {
    point: "PostBind",
    phase: "binding",
    cells: cells(profile.postBind, bound ? "Success" : "not run", ""),
    note: (profile.postBind ?? []).length === 0 ? S("noPostBind") : "",
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
