import type { FieldState } from "#app/lib/form-feedback";

/** The state the shared `Field` (app/components/forms.tsx) draws for one of giving's inputs. */
export function givingField(name: string, defaultValue?: string, error?: string): FieldState {
  return {
    id: `giving-${name}`,
    name,
    errorId: `giving-${name}-error`,
    defaultValue,
    errors: error ? [error] : undefined,
  };
}
