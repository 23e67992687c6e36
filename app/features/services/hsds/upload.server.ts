/**
 * The Services tab's upload: one HSDS JSON file or a set of HSDS tabular CSV files, imported in one
 * transaction (docs/decisions/162-hsds-import.md). Body arrives in a later commit.
 */
export type ImportOutcome =
  | {
      ok: true;
      summary: {
        organizations: number;
        services: number;
        locations: number;
        serviceAtLocations: number;
        phones: number;
        schedules: number;
      };
    }
  | { ok: false; message: string };

export async function importServiceFiles(_files: File[]): Promise<ImportOutcome> {
  throw new Error("importServiceFiles: coming in a later commit");
}
