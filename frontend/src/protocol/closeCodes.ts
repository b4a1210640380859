// Generated from playground/close_codes.py by `make api-types` (scripts/close_codes.py): do not edit.
/** The codes the server's WebSockets close with: 4000 + the HTTP status they mean. */
export const CLOSE_CODES = {
  badRequest: 4400,
  unauthorized: 4401,
  forbidden: 4403,
  notFound: 4404,
} as const;

/** After these, reconnecting cannot help: the same request gets the same answer. */
export const FATAL_CLOSE_CODES: readonly number[] = [4400, 4401, 4403, 4404];
