import { Writable } from "node:stream";
import { describe, expect, test } from "vitest";
import { createLogger } from "#app/lib/logger.server";
import { withRequestContext } from "#app/lib/request-context.server";
import { scanLog } from "#tests/e2e/log-scan";

/** The app's logger writing into a string, at info level. */
function capture() {
  let text = "";
  const sink = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { logger: createLogger(sink, "info"), text: () => text };
}

describe("logs", () => {
  test("secrets, tokens, card numbers and full e-mail addresses never reach a line", () => {
    const { logger, text } = capture();
    withRequestContext("req-42", () => {
      logger.info(
        {
          email: "jane.donor@example.org",
          password: "hunter2-hunter2",
          body: { newPassword: "another-secret", cardNumber: "4242424242424242" },
          headers: { cookie: "better-auth.session_token=abc.def", authorization: "Bearer xyz" },
          url: "/donate/manage?token=s3cr3t-token&x=1",
          note: "paid with 4242 4242 4242 4242 by jane.donor@example.org using sk_test_abcdef123456",
        },
        "gift from jane.donor@example.org",
      );
      logger.error({ err: new Error("insert failed: params jane.donor@example.org") }, "failed");
    });
    const output = text();
    for (const secret of [
      "jane.donor@",
      "hunter2",
      "another-secret",
      "4242424242424242",
      "4242 4242",
      "abc.def",
      "xyz",
      "s3cr3t",
      "sk_test",
    ]) {
      expect(output).not.toContain(secret);
    }
    expect(output).toContain("j***@example.org");
    const lines = output
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.requestId)).toEqual(["req-42", "req-42"]);
    expect(lines[1].err).toMatchObject({
      type: "Error",
      message: expect.stringContaining("j***@"),
    });
    expect(scanLog(output, ["hunter2-hunter2"]).problems).toEqual([]);
  });

  test("the e2e log scan finds each kind of leak", () => {
    const leaks = [
      '{"msg":"x","to":"jane@example.org"}',
      '{"msg":"x","password":"p"}',
      '{"msg":"x","note":"4242 4242 4242 4242"}',
      '{"msg":"x","url":"/unsubscribe?token=abc"}',
      '{"msg":"x","key":"whsec_abcdefgh"}',
      "plain line with the-admin-password",
    ];
    const { problems } = scanLog(leaks.join("\n"), ["the-admin-password"]);
    expect(problems).toHaveLength(leaks.length);
  });
});
