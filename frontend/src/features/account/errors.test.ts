import { expect, test } from "vitest";
import { ApiError } from "@/lib/api";
import { formErrors } from "./errors";

const FIELDS = ["username", "password"] as const;
const apiError = (message: string, errors: { field: string; message: string }[], status = 400) => new ApiError(status, { message, errors });

test("an error naming a field of the form is shown at that field, not above the form", () => {
  const e = apiError('username: "alice" is already taken', [{ field: "username", message: '"alice" is already taken' }]);
  expect(formErrors(e, FIELDS)).toEqual({ fields: { username: '"alice" is already taken' }, form: null });
});

test("several messages for one field are all kept", () => {
  const e = apiError("password: too short", [
    { field: "password", message: "This password is too short." },
    { field: "password", message: "This password is too common." },
  ]);
  expect(formErrors(e, FIELDS).fields.password).toBe("This password is too short. This password is too common.");
});

test("a non_field_errors entry (wrong credentials) becomes the form's message", () => {
  const e = apiError("username or password is wrong", [{ field: "non_field_errors", message: "username or password is wrong" }]);
  expect(formErrors(e, FIELDS)).toEqual({ fields: {}, form: "username or password is wrong" });
});

test("an envelope without field errors (throttled, CSRF) shows its message on the form", () => {
  const e = apiError("Request was throttled. Expected available in 42 seconds.", [], 429);
  expect(formErrors(e, FIELDS)).toEqual({ fields: {}, form: "Request was throttled. Expected available in 42 seconds." });
});

test("a network failure is a form message too", () => {
  expect(formErrors(new TypeError("Failed to fetch"), FIELDS)).toEqual({ fields: {}, form: "Failed to fetch" });
});
