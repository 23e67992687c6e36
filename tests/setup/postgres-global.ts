/**
 * The PostgreSQL suite's template: a database migrated once per run, which each test file copies
 * into a database of its own (`create database ... template`), so files run side by side
 * (docs/decisions/218-test-databases-from-a-template.md); both PostgreSQL projects share it
 * (./run-template.ts).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#app/db/client.server";
import { runTemplate } from "./run-template";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated database each file copies, on the cluster at TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}

/** Runs one statement on the cluster's own database (CREATE and DROP DATABASE cannot run elsewhere). */
export async function onCluster(statement: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The address of database `name` on the cluster at TEST_DATABASE_URL. */
export function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  url.pathname = `/${name}`;
  return url.toString();
}

export default async function setup(project: TestProject) {
  if (!process.env.TEST_DATABASE_URL) {
    throw new Error("TEST_DATABASE_URL is required for the PostgreSQL suite");
  }
  const template = await runTemplate("postgres", async () => {
    const name = `it_template_${randomBytes(4).toString("hex")}`;
    await onCluster(`create database ${name}`);
    const handle = openDatabase({ databaseUrl: databaseUrl(name) });
    await handle.migrate();
    await handle.close();
    return { name, remove: () => onCluster(`drop database if exists ${name} with (force)`) };
  });
  project.provide("postgresTemplate", template.name);
  return template.release;
}
