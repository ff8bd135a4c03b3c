// A small form without a form library (docs/decisions/121-sign-in-without-a-form-library.md): its
// fields stay the browser's own (uncontrolled, so what was typed before the app took over stays),
// are read from the form at submit and checked with the shared schema the server parses them with.
// The schema, and Zod with it, loads when a field is first focused (docs/decisions/028) or at the
// first submit. A submit that found a wrong field checks the form again as it is typed in, so a
// message goes as soon as its field is right.
import { useRef, useState, type FormEvent } from "react";
import type { ZodType } from "zod";
import { firstErrors, loadOnce, type FieldErrors } from "./form-check";

type Errors<T> = FieldErrors<keyof T & string>;

/** A schema fetched once; a failed fetch (offline for a moment) is tried again at the next use. */
export function lazySchema<T>(load: () => Promise<ZodType<T>>) {
  const get = loadOnce(load);
  return { get, preload: () => void get().catch(() => undefined) };
}

/** The form's fields by name, as text: what a submit without the app would have sent. */
const fieldsOf = (form: HTMLFormElement) => Object.fromEntries([...new FormData(form)].map(([name, value]) => [name, String(value)]));

interface CheckedFormOptions<T> {
  schema: ReturnType<typeof lazySchema<T>>;
  onValid: (values: T) => void;
  /**
   * The schema could not be loaded (offline, or a chunk a new release has replaced): the form goes
   * on without the check, as it would before the app (the server parses it with the same schema).
   */
  onUnchecked: (form: HTMLFormElement) => void;
}

export function useCheckedForm<T>({ schema, onValid, onUnchecked }: CheckedFormOptions<T>) {
  const [errors, setErrors] = useState<Errors<T>>({});
  const submitted = useRef(false);
  // A second tap while the schema is on its way sends nothing more.
  const checking = useRef(false);

  const check = (parse: ZodType<T>, fields: Record<string, string>) => {
    const parsed = parse.safeParse(fields);
    const wrong: Errors<T> = parsed.success ? {} : firstErrors(parsed.error.issues);
    setErrors(wrong);
    return { parsed, wrong };
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking.current) return;
    submitted.current = true;
    const form = event.currentTarget;
    // What was in the fields at the tap, whatever is typed while the schema loads.
    const fields = fieldsOf(form);
    checking.current = true;
    const parse = await schema.get().catch(() => null);
    checking.current = false;
    if (!parse) return onUnchecked(form);
    const { parsed, wrong } = check(parse, fields);
    if (parsed.success) return onValid(parsed.data);
    // The first wrong field takes the focus, so its message is read out and it can be fixed at once.
    const first = Object.keys(wrong)[0];
    const field = first === undefined ? null : form.elements.namedItem(first);
    if (field instanceof HTMLElement) field.focus();
  };

  // The native input event, which bubbles from each keystroke; a form's onChange is that in React
  // but the change event (on leaving a field) in Preact, which runs the app (docs/decisions/129).
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    if (!submitted.current) return;
    const form = event.currentTarget;
    void schema
      .get()
      .then((parse) => check(parse, fieldsOf(form)))
      .catch(() => undefined);
  };

  return { errors, onSubmit, onInput, onFocus: schema.preload };
}
