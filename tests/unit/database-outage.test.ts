import { describe, expect, test } from "vitest";
import { isConnectionError } from "#app/db/client.server";
import { outagePage } from "#app/document/outage-page";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("telling a lost database from a bad query", () => {
  test("connection failures count, also when Drizzle wraps them", () => {
    expect(isConnectionError(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe(
      true,
    );
    expect(isConnectionError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionError(withCode("terminating connection", "57P01"))).toBe(true);
    const wrapped = new Error("Failed query: select 1", {
      cause: new Error("timeout exceeded when trying to connect"),
    });
    expect(isConnectionError(wrapped)).toBe(true);
  });

  test("errors of the query itself do not", () => {
    expect(isConnectionError(withCode("syntax error at or near", "42601"))).toBe(false);
    expect(isConnectionError(withCode("duplicate key value", "23505"))).toBe(false);
    expect(isConnectionError("Connection terminated")).toBe(false);
  });
});

test("the outage page names the organisation safely and needs no script", () => {
  const page = outagePage('Houston <Home> & "Friends"');
  expect(page).toContain("We will be right back");
  expect(page).toContain("Houston &#60;Home&#62; &#38; &#34;Friends&#34;");
  expect(page).not.toMatch(/<script/i);
});
