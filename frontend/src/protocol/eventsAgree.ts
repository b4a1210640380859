// The hand-written event types (events.ts) checked against the ones generated from the schemas
// scheduler_core publishes (events.gen.ts, `make api-types`): every event the core may emit must
// be a value of events.ts's type for its kind. A kind listed in the error is where they differ.
import type { SchemaEvent } from "./events.gen";
import type { SimEvent } from "./events";

type Kind = SchemaEvent["kind"];
type Misfits = {
  [K in Kind]: [Extract<SchemaEvent, { kind: K }>] extends [Extract<SimEvent, { kind: K }>] ? never : K;
}[Kind];

export const SCHEMA_EVENTS_FIT: [Misfits] extends [never] ? true : Misfits = true;
