import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { resetEnvForTests } from "#app/lib/env.server";

export const S3_TEST_BUCKET = "resources";
// s3rver's fixed development credentials; it checks request signatures against them.
const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * A local S3-compatible server (s3rver: real S3 REST protocol, signature checks) with one bucket,
 * and the app configured to use it through the S3_* variables.
 */
export async function startS3Fake() {
  const directory = mkdtempSync(path.join(os.tmpdir(), "s3-fake-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_TEST_BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials });

  function configure(bucket = S3_TEST_BUCKET) {
    Object.assign(process.env, {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    });
    resetEnvForTests();
  }
  configure();

  return {
    /** Points the app at another bucket of the fake (e.g. one that does not exist). */
    configure,
    /** Every key in the bucket. */
    async keys(): Promise<string[]> {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: S3_TEST_BUCKET }));
      return (listed.Contents ?? []).map((object) => object.Key ?? "");
    },
    async stop() {
      for (const name of [
        "S3_BUCKET",
        "S3_ENDPOINT",
        "S3_REGION",
        "S3_ACCESS_KEY_ID",
        "S3_SECRET_ACCESS_KEY",
      ]) {
        delete process.env[name];
      }
      resetEnvForTests();
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
