/**
 * The PostgreSQL suite's template: a database migrated once per run, which each test file copies
 * into a database of its own (`create database ... template`), so files run side by side
 * (docs/decisions/218-test-databases-from-a-template.md).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#app/db/client.server";

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
  const template = `it_template_${randomBytes(4).toString("hex")}`;
  await onCluster(`create database ${template}`);
  const handle = openDatabase({ databaseUrl: databaseUrl(template) });
  await handle.migrate();
  await handle.close();
  project.provide("postgresTemplate", template);
  return () => onCluster(`drop database if exists ${template} with (force)`);
}
