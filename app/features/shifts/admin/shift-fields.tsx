import { NOTES_MAX } from "../limits";

export interface ShiftFieldValues {
  titleEn: string;
  titleEs: string;
  day: string;
  start: string;
  end: string;
  place: string;
  seats: number;
  waitlistLength: number;
  notes: string;
}

function Input({
  id,
  name,
  label,
  type = "text",
  value,
  ...rest
}: {
  id: string;
  name: string;
  label: string;
  type?: string;
  value?: string | number;
  min?: number;
  max?: number;
  maxLength?: number;
}) {
  return (
    <div className="field">
      <label htmlFor={`${id}-${name}`} className="field-label">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        required
        defaultValue={value}
        className="field-input"
        {...rest}
      />
    </div>
  );
}

/** A shift's fields, for a new shift or a change (times are Houston time). */
export function ShiftFields({ id, values }: { id: string; values?: ShiftFieldValues }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Input
        id={id}
        name="titleEn"
        label="Title (English)"
        value={values?.titleEn}
        maxLength={120}
      />
      <Input
        id={id}
        name="titleEs"
        label="Title (Spanish)"
        value={values?.titleEs}
        maxLength={120}
      />
      <Input id={id} name="day" label="Date" type="date" value={values?.day} />
      <Input id={id} name="place" label="Place" value={values?.place} maxLength={200} />
      <Input id={id} name="start" label="Starts (Houston time)" type="time" value={values?.start} />
      <Input id={id} name="end" label="Ends (Houston time)" type="time" value={values?.end} />
      <Input
        id={id}
        name="seats"
        label="Seats"
        type="number"
        min={1}
        max={500}
        value={values?.seats}
      />
      <Input
        id={id}
        name="waitlistLength"
        label="Waitlist length"
        type="number"
        min={0}
        max={500}
        value={values?.waitlistLength ?? 0}
      />
      <div className="field sm:col-span-2">
        <label htmlFor={`${id}-notes`} className="field-label">
          Notes for volunteers (optional)
        </label>
        <textarea
          id={`${id}-notes`}
          name="notes"
          rows={3}
          maxLength={NOTES_MAX}
          defaultValue={values?.notes}
          className="field-input"
        />
      </div>
    </div>
  );
}
