import type { S3Client } from "@aws-sdk/client-s3";
import { assertValidObjectKey, type Storage } from "./types";

/** The AWS SDK, imported at the first object operation: it takes most of a second to load. */
const sdk = () => import("@aws-sdk/client-s3");

export interface S3Options {
  bucket: string;
  /** Set for S3-compatible services (MinIO, R2, Spaces...); unset means AWS itself. */
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

export function s3Storage(options: S3Options): Storage {
  let connected: Promise<S3Client> | undefined;
  const client = () => {
    connected ??= sdk().then((aws) => newClient(aws.S3Client, options));
    return connected;
  };
  const Bucket = options.bucket;

  return {
    async put(key, body, contentType) {
      assertValidObjectKey(key);
      const { PutObjectCommand } = await sdk();
      await (await client()).send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.byteLength,
        }),
      );
    },

    // An object store has no rename: the object is written at once and removed if its row fails.
    async stage(key, body, contentType) {
      await this.put(key, body, contentType);
      return {
        commit: async () => undefined,
        discard: () => this.delete(key),
      };
    },

    async get(key) {
      assertValidObjectKey(key);
      const { GetObjectCommand, NoSuchKey, S3ServiceException } = await sdk();
      try {
        const result = await (await client()).send(new GetObjectCommand({ Bucket, Key: key }));
        if (!result.Body) return null;
        return {
          body: result.Body.transformToWebStream() as ReadableStream,
          size: result.ContentLength ?? 0,
          contentType: result.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
          return null;
        }
        throw error;
      }
    },

    async delete(key) {
      assertValidObjectKey(key);
      const { DeleteObjectCommand } = await sdk();
      await (await client()).send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

function newClient(Client: typeof S3Client, options: S3Options): S3Client {
  return new Client({
    region: options.region ?? "us-east-1",
    endpoint: options.endpoint,
    // Most S3-compatible services only understand bucket-in-path addressing.
    forcePathStyle: options.endpoint !== undefined,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // The SDK's default CRC checksums are not understood by many S3-compatible services; our
    // bodies are small buffers, signed with their SHA-256 anyway.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}
