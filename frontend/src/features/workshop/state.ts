// The workshop as one browser sees it, changed only by messages from the workshop socket
// (docs/workshops.md "Socket protocol") and by the student's own answer, through this reducer.
import type { Schemas } from "@/api/client";
import type { SocketStatus } from "@/lib/socket";

// What the REST API and the workshop socket both send: the schema's types (api/schema.d.ts).
export type Position = Schemas["Position"];
export type WorkshopView = Schemas["WorkshopView"];
/** A participant; the instructor's roster adds each one's answers. */
export type Participant = Schemas["ParticipantView"] & { answers?: Record<string, string> };
export type Tally = Schemas["Tally"];
export type ClassQuestion = Schemas["QuestionView"];

/** The question's prompt and explanation in the reader's language, else as asked (English). */
export function questionIn(q: Pick<ClassQuestion, "prompt" | "explanation"> & { translations?: ClassQuestion["translations"] }, language: string | undefined) {
  const translated = language ? q.translations?.[language] : undefined;
  return { prompt: translated?.prompt ?? q.prompt, explanation: translated?.explanation ?? q.explanation };
}

export type WorkshopMessage =
  | { type: "hello"; role: "instructor" | "student"; workshop: WorkshopView; me: Participant | null; roster?: Participant[]; questions: ClassQuestion[] }
  | { type: "position"; position: Position }
  /** The run's events moved the lesson step of a class following `runId` live (the server read it). */
  | { type: "classStep"; runId: number; step: number | null }
  | { type: "workshop"; workshop: WorkshopView }
  | { type: "roster"; roster: Participant[] }
  | { type: "question"; question: ClassQuestion; answered?: { participant: number; choice: string } | null }
  | { type: "answered"; question: string; choice: string }
  | { type: "error"; message: string }
  | { type: "pong" };

/** Things this browser did that change its own view before the server echoes anything. */
export type LocalAction =
  | { type: "local.mode"; mode: Participant["mode"]; ownRun?: number | null }
  | { type: "local.socket"; socket: SocketStatus };

export interface WorkshopState {
  role: "instructor" | "student" | null;
  workshop: WorkshopView | null;
  me: Participant | null;
  roster: Participant[];
  questions: ClassQuestion[];
  socket: SocketStatus;
  error: string | null;
  /** Positions told so far (hello, position, workshop; a classStep is none): the instructor's page
   * adopts the class's seq on each, and only then. */
  moves: number;
}

export const initialWorkshopState: WorkshopState = {
  role: null,
  workshop: null,
  me: null,
  roster: [],
  questions: [],
  socket: "idle",
  error: null,
  moves: 0,
};

function upsertQuestion(questions: ClassQuestion[], incoming: ClassQuestion): ClassQuestion[] {
  const i = questions.findIndex((q) => q.key === incoming.key);
  if (i < 0) return [...questions, incoming];
  // Broadcasts do not know this student's answer: keep ours.
  const merged = { ...questions[i], ...incoming, mine: incoming.mine ?? questions[i].mine };
  return questions.map((q, j) => (j === i ? merged : q));
}

export function applyWorkshopMessage(state: WorkshopState, msg: WorkshopMessage | LocalAction): WorkshopState {
  switch (msg.type) {
    case "hello":
      return { ...state, role: msg.role, workshop: msg.workshop, me: msg.me, roster: msg.roster ?? [], questions: msg.questions, error: null,
               moves: state.moves + 1 };
    case "position":
      return state.workshop ? { ...state, workshop: { ...state.workshop, position: msg.position }, moves: state.moves + 1 } : state;
    case "classStep": {
      const at = state.workshop?.position;
      // Only a class still following that run live: a late one after a move to an event changes nothing.
      if (!state.workshop || !at || at.view !== "run" || at.runId !== msg.runId || at.seq !== null) return state;
      return { ...state, workshop: { ...state.workshop, position: { ...at, step: msg.step } } };
    }
    case "workshop": {
      // Locking brings every student back to the class.
      const me = state.me && msg.workshop.locked ? { ...state.me, mode: "following" as const } : state.me;
      const moves = state.moves + 1;
      if (!state.workshop || state.workshop.push === msg.workshop.push) return { ...state, workshop: msg.workshop, me, moves };
      // New material: nothing of the last one's questions stays on screen.
      return { ...state, workshop: msg.workshop, me, moves, questions: [], roster: state.roster.map((p) => ({ ...p, answers: {} })) };
    }
    case "roster":
      return { ...state, roster: msg.roster };
    case "question": {
      if (state.workshop && msg.question.push !== state.workshop.push) return state;  // an earlier push's, late
      const questions = upsertQuestion(state.questions, msg.question);
      const a = msg.answered;
      if (!a) return { ...state, questions };
      const roster = state.roster.map((p) => (p.id === a.participant ? { ...p, answers: { ...p.answers, [msg.question.key]: a.choice } } : p));
      return { ...state, questions, roster };
    }
    case "answered":
      return { ...state, error: null, questions: state.questions.map((q) => (q.key === msg.question ? { ...q, mine: msg.choice } : q)) };
    case "error":
      return { ...state, error: msg.message };
    case "local.mode":
      return state.me ? { ...state, me: { ...state.me, mode: msg.mode, ownRun: msg.ownRun ?? state.me.ownRun } } : state;
    case "local.socket":
      return { ...state, socket: msg.socket };
    default:
      return state;
  }
}

/** Where a following student's views go: the instructor's seq (clamped to what has arrived), or live. */
export function followSeq(position: Position, lastSeq: number): number | null {
  if (position.seq === null || position.seq >= lastSeq) return position.seq === null ? null : lastSeq;
  return position.seq;
}

/**
 * The instructor's page hears its own positions echoed by the server. One that is not among those
 * it sent (the class moved from elsewhere, or on load) is adopted; an echo is adopted only when it
 * is the last one sent (an older echo would pull the page back while newer moves are on their way).
 */
export function adoptable(pending: readonly (number | null)[], incoming: number | null): { adopt: boolean; pending: (number | null)[] } {
  const i = pending.indexOf(incoming);
  if (i < 0) return { adopt: true, pending: [] };
  const rest = pending.slice(i + 1);
  return { adopt: rest.length === 0, pending: rest };
}

/** Bars for a tally: every answer given, most votes first, with its share of those who answered. */
export function tallyBars(tally: Tally): { choice: string; count: number; share: number }[] {
  return Object.entries(tally.counts)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([choice, count]) => ({ choice, count, share: tally.answered ? count / tally.answered : 0 }));
}

/** A loopback join address: the server listens on this machine only (not shared, no PUBLIC_URL). */
export function onlyThisMachine(joinUrl: string): boolean {
  const host = new URL(joinUrl).hostname;
  return host === "localhost" || host === "[::1]" || host.startsWith("127.");
}


/** What the projector shows (/w/<code>/present): everything the room may see, nothing more. */
export interface Projection {
  code: string;
  joinUrl: string;
  title: string;
  step: number | null;
  ended: boolean;
  /** The question last put to the class: its bars, and the answer only once revealed. */
  question: {
    key: string; prompt: string; tally: Tally | null; revealed: boolean; answer?: string; explanation?: string;
    /** The prompt (and, once revealed, the explanation) in each language it is translated into. */
    translations?: ClassQuestion["translations"];
  } | null;
}

/** The instructor's state as the room may see it: no names, and no answer before the reveal
 * (the instructor's socket carries both; the projector must not show either). */
/** A question's translations without their explanations before the reveal (the explanation gives the answer away). */
function hiddenUntilRevealed(translations: NonNullable<ClassQuestion["translations"]>, revealed: boolean): ClassQuestion["translations"] {
  if (revealed) return translations;
  return Object.fromEntries(Object.entries(translations).map(([language, t]) => [language, { prompt: t.prompt }]));
}

export function projection(state: WorkshopState): Projection | null {
  const w = state.workshop;
  if (!w) return null;
  const last = state.questions.at(-1);
  const question = last
    ? {
        key: last.key,
        prompt: last.prompt,
        tally: last.tally ?? null,
        revealed: last.revealed,
        ...(last.translations ? { translations: hiddenUntilRevealed(last.translations, last.revealed) } : {}),
        ...(last.revealed ? { answer: last.answer, explanation: last.explanation } : {}),
      }
    : null;
  return { code: w.code, joinUrl: w.joinUrl, title: w.title, step: w.position.step, ended: w.status === "ended", question };
}
