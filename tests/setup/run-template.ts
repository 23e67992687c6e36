/**
 * One template database per run for every Vitest project that names the same global setup: an
 * engine's integration project and its `-vite` project (vitest.config.ts). The first project's
 * setup makes it; the last one's teardown removes it. Global setups run in Vitest's own process,
 * so the projects meet on its globalThis.
 */
interface MadeTemplate {
  /** What a test file copies: an archive's path (PGlite) or a database's name (PostgreSQL). */
  name: string;
  remove(): Promise<unknown>;
}

interface SharedTemplate {
  made: Promise<MadeTemplate>;
  users: number;
}

const vitestProcess = globalThis as typeof globalThis & {
  __runTemplates?: Map<string, SharedTemplate>;
};

export async function runTemplate(
  engine: string,
  make: () => Promise<MadeTemplate>,
): Promise<{ name: string; release(): Promise<void> }> {
  vitestProcess.__runTemplates ??= new Map();
  const templates = vitestProcess.__runTemplates;
  const template = templates.get(engine) ?? { made: make(), users: 0 };
  templates.set(engine, template);
  template.users += 1;
  const { name, remove } = await template.made;
  return {
    name,
    release: async () => {
      template.users -= 1;
      if (template.users > 0) return;
      templates.delete(engine);
      await remove();
    },
  };
}
