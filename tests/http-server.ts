import type { AddressInfo } from "node:net";
import type { Express } from "express";

/** Serves `app` on a free loopback port; returns its base URL and a way to stop it. */
export function listenOnLoopback(app: Express): Promise<{ base: string; close: () => void }> {
  return new Promise((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      resolve({
        base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => server.close(),
      });
    });
  });
}
